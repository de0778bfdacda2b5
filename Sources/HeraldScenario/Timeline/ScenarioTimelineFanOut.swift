import Foundation

/// A ``ScenarioTimelineSink`` that hands every piece to several sinks, in the order
/// given: a run streamed to standard output and also collected for an HTML report.
///
/// ```swift
/// let collector = ScenarioTimelineCollector()
/// let sink = ScenarioTimelineFanOut([printer, collector])
/// ```
public struct ScenarioTimelineFanOut: ScenarioTimelineSink {
    public let sinks: [any ScenarioTimelineSink]

    public init(_ sinks: [any ScenarioTimelineSink]) {
        self.sinks = sinks
    }

    public func begin(_ header: ScenarioRunHeader) {
        for sink in sinks { sink.begin(header) }
    }

    public func record(_ entry: TimelineEntry) {
        for sink in sinks { sink.record(entry) }
    }

    public func finish(_ summary: ScenarioSummary) {
        for sink in sinks { sink.finish(summary) }
    }
}
