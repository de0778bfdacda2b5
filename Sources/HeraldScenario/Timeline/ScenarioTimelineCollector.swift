import Foundation
import Synchronization

/// A ``ScenarioTimelineSink`` that keeps the whole timeline: for tests and callers that
/// want a ``ScenarioResult`` (memory grows with the run; stream long runs instead).
///
/// ```swift
/// let collector = ScenarioTimelineCollector()
/// _ = try await ScenarioRunner(scenario: scenario).play(from: nil, streamingTo: collector)
/// let result = try #require(collector.result)   // timeline and summary
/// ```
public final class ScenarioTimelineCollector: ScenarioTimelineSink {
    private struct Collected {
        var header: ScenarioRunHeader?
        var timeline: [TimelineEntry] = []
        var summary: ScenarioSummary?
    }

    private let collected = Mutex(Collected())

    public init() {}

    public func begin(_ header: ScenarioRunHeader) {
        collected.withLock { $0.header = header }
    }

    public func record(_ entry: TimelineEntry) {
        collected.withLock { $0.timeline.append(entry) }
    }

    public func finish(_ summary: ScenarioSummary) {
        collected.withLock { $0.summary = summary }
    }

    /// The entries recorded so far, in order.
    public var timeline: [TimelineEntry] {
        collected.withLock { $0.timeline }
    }

    /// The timeline so far with `summary` in place of the one a finished run gives:
    /// the run up to an event that could not happen (`nil` before the run began).
    public func result(endingWith summary: ScenarioSummary) -> ScenarioResult? {
        collected.withLock { collected in
            guard let header = collected.header else { return nil }
            return ScenarioResult(header: header, timeline: collected.timeline, summary: summary)
        }
    }

    /// The run's result once it finished; `nil` before (or when it stopped on an error).
    public var result: ScenarioResult? {
        collected.withLock { collected in
            guard let header = collected.header, let summary = collected.summary else { return nil }
            return ScenarioResult(header: header, timeline: collected.timeline, summary: summary)
        }
    }
}
