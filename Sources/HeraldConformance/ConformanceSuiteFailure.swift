/// An implementation broke its protocol's contract: which check failed and what it saw.
/// Each suite throws its own: ``ConformanceFailure``, ``AlarmCenterConformanceFailure``
/// and ``EngineStoreConformanceFailure``.
///
/// ```swift
/// do {
///     _ = try await conformance.runAll()
/// } catch let failure as ConformanceFailure {
///     print(failure)   // "addReplaces: expected 1 pending request for \"a\", found 2"
/// }
/// ```
public struct ConformanceSuiteFailure<Check: Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible {
    public var check: Check
    public var message: String

    public init(check: Check, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}

/// A notification center broke the `NotificationCenter` contract
/// (``NotificationCenterConformance``).
public typealias ConformanceFailure = ConformanceSuiteFailure<ConformanceCheck>

/// An alarm center broke the `AlarmCenter` contract (``AlarmCenterConformance``).
///
/// ```swift
/// do {
///     _ = try await AlarmCenterConformance { .init(center: SystemAlarmCenter()) }.runAll()
/// } catch let failure as AlarmCenterConformanceFailure {
///     Issue.record("\(failure)") // "scheduleReplacesTheSameID: expected 1 alarm for the id, found 2"
/// }
/// ```
public typealias AlarmCenterConformanceFailure = ConformanceSuiteFailure<AlarmCenterConformanceCheck>

/// A store broke the `EngineStore` contract (``EngineStoreConformance``).
///
/// ```swift
/// do {
///     _ = try EngineStoreConformance { try SQLiteEngineStore.inMemory() }.runAll()
/// } catch let failure as EngineStoreConformanceFailure {
///     Issue.record("\(failure)") // "pruneDropsOldEntries: after [.prune(...)]: fired differs: ..."
/// }
/// ```
public typealias EngineStoreConformanceFailure = ConformanceSuiteFailure<EngineStoreConformanceCheck>

/// A check of ``SyncChannelConformance`` that failed.
public typealias SyncChannelConformanceFailure = ConformanceSuiteFailure<SyncChannelConformanceCheck>
