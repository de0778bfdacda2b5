/// What a conformance run found: the checks that passed, and those skipped with why.
/// Each suite names its own: ``ConformanceReport`` (``NotificationCenterConformance``)
/// and ``AlarmCenterConformanceReport`` (``AlarmCenterConformance``).
///
/// ```swift
/// let report = try await conformance.runAll()
/// print(report)   // "13 passed, 1 skipped\n  skipped unavailableRefusesEveryCall: ..."
/// ```
public struct ConformanceSuiteReport<Check: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// A check that did not run, and why.
    public struct Skipped: Hashable, Sendable {
        public var check: Check
        public var reason: String
    }

    public var passed: [Check] = []
    public var skipped: [Skipped] = []

    public var description: String {
        var lines = ["\(passed.count) passed, \(skipped.count) skipped"]
        lines += skipped.map { "  skipped \($0.check): \($0.reason)" }
        return lines.joined(separator: "\n")
    }
}

/// What a ``NotificationCenterConformance`` run found.
///
/// ```swift
/// let report = try await conformance.runAll()
/// print(report)   // "16 passed, 0 skipped"
/// ```
public typealias ConformanceReport = ConformanceSuiteReport<ConformanceCheck>

/// What an ``AlarmCenterConformance`` run found.
public typealias AlarmCenterConformanceReport = ConformanceSuiteReport<AlarmCenterConformanceCheck>

/// What ``SyncChannelConformance/runAll(skipping:)`` found.
public typealias SyncChannelConformanceReport = ConformanceSuiteReport<SyncChannelConformanceCheck>
