/// A center broke its contract: which check failed and what it saw.
///
/// ```swift
/// do {
///     _ = try await conformance.runAll()
/// } catch let failure as ConformanceFailure {
///     print(failure)   // "addReplaces: expected 1 pending request for \"a\", found 2"
/// }
/// ```
public struct ConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var check: ConformanceCheck
    public var message: String

    public init(check: ConformanceCheck, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}
