import Foundation
import Herald
import HeraldScenario
import Synchronization

/// A `ScenarioTimelineSink` that builds the ``HTMLReport`` of a run as
/// its timeline streams: it keeps only what the page shows, and renders it once the run
/// ended (or stopped at an event that could not happen).
///
/// ```swift
/// let report = HTMLReportSink(for: scenario)
/// _ = try await ScenarioRunner(scenario: scenario).play(from: nil, streamingTo: report)
/// try report.page()?.write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
public final class HTMLReportSink: ScenarioTimelineSink {
    private struct State {
        var report: HTMLReport?
        var summary: ScenarioSummary?
        /// The run's deliveries, kept for the stories (``page(summary:tell:)``) only when asked.
        var deliveries: [TimelineDelivery] = []
    }

    private let state = Mutex(State())
    private let reserve: Int
    /// Whether the page will open stories: the deliveries are kept for them.
    private let keepsDeliveries: Bool

    /// A sink for a run of `scenario`, whose budget line is its planner's.
    ///
    /// - Parameters:
    ///   - scenario: the scenario the run plays.
    ///   - stories: whether ``page(summary:tell:)`` will be given stories to
    ///     open under the deliveries and cuts (the run's deliveries are then kept).
    public convenience init(for scenario: Scenario, stories: Bool = false) {
        self.init(reserve: scenario.planner.reserve, stories: stories)
    }

    /// A sink whose page draws the reminders' budget as `capacity - reserve`.
    package init(reserve: Int, stories: Bool = false) {
        self.reserve = reserve
        keepsDeliveries = stories
    }

    /// The deliveries recorded so far (kept only for stories).
    public var deliveries: [TimelineDelivery] { state.withLock { $0.deliveries } }

    public func begin(_ header: ScenarioRunHeader) {
        state.withLock {
            $0.report = HTMLReport(name: header.name, zone: header.zone, start: header.start, end: header.end,
                                   deviceZone: header.deviceZone, reserve: reserve)
            $0.report?.notificationSettings = header.notificationSettings
        }
    }

    public func record(_ entry: TimelineEntry) {
        state.withLock { state in
            state.report?.record(entry)
            if keepsDeliveries, case .delivery(let delivery) = entry { state.deliveries.append(delivery) }
        }
    }

    public func finish(_ summary: ScenarioSummary) {
        state.withLock { $0.summary = summary }
    }

    /// The page, with `summary` (where a stopped run stood) or the finished run's;
    /// `nil` before the run began or without a summary. With `tell`, each delivery's and
    /// each listed cut's occurrence opens its story (``HTMLReport/tellStories(cuts:_:)``).
    public func page(summary: ScenarioSummary? = nil,
                     tell: ((ReminderRule.ID, LocalDateTime) -> OccurrenceStory?)? = nil) -> String? {
        state.withLock { state in
            guard var report = state.report, let summary = summary ?? state.summary else { return nil }
            report.capacity = summary.capacity
            if let tell { report.tellStories(cuts: summary.cutList, tell) }
            return report.render(summary: summary)
        }
    }
}
