/// An alarm center broke the `AlarmCenter` contract: which check failed and
/// what it saw.
///
/// ```swift
/// do {
///     _ = try await AlarmCenterConformance { .init(center: SystemAlarmCenter()) }.runAll()
/// } catch let failure as AlarmCenterConformanceFailure {
///     Issue.record("\(failure)") // "scheduleReplacesTheSameID: expected 1 alarm for the id, found 2"
/// }
/// ```
public struct AlarmCenterConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var check: AlarmCenterConformanceCheck
    public var message: String

    public init(check: AlarmCenterConformanceCheck, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}
