/// What an ``AlarmCenterConformance`` run found: the checks that passed and those
/// skipped, with why.
///
/// ```swift
/// let report = try await conformance.runAll()
/// print(report)   // "13 passed, 1 skipped\n  skipped unavailableRefusesEveryCall: ..."
/// ```
public struct AlarmCenterConformanceReport: Hashable, Sendable, CustomStringConvertible {
    /// A check that did not run, and why.
    public struct Skipped: Hashable, Sendable {
        public var check: AlarmCenterConformanceCheck
        public var reason: String
    }

    public var passed: [AlarmCenterConformanceCheck] = []
    public var skipped: [Skipped] = []

    public var description: String {
        var lines = ["\(passed.count) passed, \(skipped.count) skipped"]
        lines += skipped.map { "  skipped \($0.check): \($0.reason)" }
        return lines.joined(separator: "\n")
    }
}
