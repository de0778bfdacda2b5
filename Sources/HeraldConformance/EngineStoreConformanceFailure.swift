/// A store broke the `EngineStore` contract: which check failed and what it saw.
///
/// ```swift
/// do {
///     _ = try EngineStoreConformance { try SQLiteEngineStore.inMemory() }.runAll()
/// } catch let failure as EngineStoreConformanceFailure {
///     Issue.record("\(failure)") // "pruneDropsOldEntries: after [.prune(...)]: fired differs: ..."
/// }
/// ```
public struct EngineStoreConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var check: EngineStoreConformanceCheck
    public var message: String

    public init(check: EngineStoreConformanceCheck, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}
