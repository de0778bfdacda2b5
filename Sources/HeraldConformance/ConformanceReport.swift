/// What a conformance run found: the checks that passed and those skipped.
///
/// ```swift
/// let report = try await conformance.runAll()
/// print(report)   // "16 passed, 0 skipped"
/// ```
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    /// A check that did not run, and why.
    public struct Skipped: Hashable, Sendable {
        public var check: ConformanceCheck
        public var reason: String
    }

    public var passed: [ConformanceCheck] = []
    public var skipped: [Skipped] = []

    public var description: String {
        var lines = ["\(passed.count) passed, \(skipped.count) skipped"]
        lines += skipped.map { "  skipped \($0.check): \($0.reason)" }
        return lines.joined(separator: "\n")
    }
}
