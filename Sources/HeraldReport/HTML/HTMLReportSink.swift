import Foundation
import HeraldScenario
import Synchronization

/// A ``HeraldScenario/ScenarioTimelineSink`` that builds the ``HTMLReport`` of a run as
/// its timeline streams: it keeps only what the page shows, and renders it once the run
/// ended (or stopped at an event that could not happen).
///
/// ```swift
/// let report = HTMLReportSink(reserve: scenario.planner.reserve)
/// _ = try await ScenarioRunner(scenario: scenario).play(from: nil, streamingTo: report)
/// try report.page()?.write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
public final class HTMLReportSink: ScenarioTimelineSink {
    private struct State {
        var report: HTMLReport?
        var summary: ScenarioSummary?
    }

    private let state = Mutex(State())
    private let reserve: Int

    public init(reserve: Int) {
        self.reserve = reserve
    }

    public func begin(_ header: ScenarioRunHeader) {
        state.withLock {
            $0.report = HTMLReport(name: header.name, zone: header.zone, start: header.start, end: header.end,
                                   deviceZone: header.deviceZone, reserve: reserve)
            $0.report?.notificationSettings = header.notificationSettings
        }
    }

    public func record(_ entry: TimelineEntry) {
        state.withLock { $0.report?.record(entry) }
    }

    public func finish(_ summary: ScenarioSummary) {
        state.withLock { $0.summary = summary }
    }

    /// The page, with `summary` (where a stopped run stood) or the finished run's;
    /// `nil` before the run began or without a summary.
    public func page(summary: ScenarioSummary? = nil) -> String? {
        state.withLock { state in
            guard var report = state.report, let summary = summary ?? state.summary else { return nil }
            report.capacity = summary.capacity
            return report.render(summary: summary)
        }
    }
}
