import Foundation

/// Where a scenario run hands its timeline as it happens, so a run of any length keeps
/// only its summary counters: the header first, then each ``TimelineEntry`` in the
/// order things happened, then the ``ScenarioSummary``.
///
/// The runner calls a sink from one task at a time, in order, and never from two runs
/// at once. ``ScenarioTimelineCollector`` keeps everything (what
/// ``ScenarioRunner/run()`` returns is collected by one); `ScenarioFormattingSink`
/// writes each entry out through a `ScenarioTimelineFormatter` as it comes (what
/// `herald simulate` prints).
///
/// ```swift
/// let sink = ScenarioFormattingSink(ScenarioTextFormatter(columnsFor: scenario)) { text in
///     FileHandle.standardOutput.write(Data(text.utf8))
/// }
/// let outcome = try await ScenarioRunner(scenario: scenario).play(from: nil, streamingTo: sink)
/// outcome.summary.delivered   // the counters; the timeline is already written
/// ```
public protocol ScenarioTimelineSink: Sendable {
    /// Before the first entry.
    func begin(_ header: ScenarioRunHeader)
    /// One entry of the timeline, once it is final (a route's badge is settled).
    func record(_ entry: TimelineEntry)
    /// After the last entry, when the run ended normally.
    func finish(_ summary: ScenarioSummary)
}
