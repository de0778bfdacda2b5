import Foundation
import Herald

/// What a scenario run produced: the ordered timeline and a summary. Print it with
/// `text()` or `jsonLines()` (module HeraldReport).
///
/// ```swift
/// let result = try await ScenarioRunner(scenario: scenario).run()
/// let badges = result.deliveries.filter { !$0.beforeStart }.compactMap(\.badge)
/// print(result.summary.delivered)   // HeraldReport: result.text()
/// ```
public struct ScenarioResult: Hashable, Sendable {
    public var name: String
    /// The scenario's zone, in which ``start`` and ``end`` are written.
    public var zone: TimeZone
    public var start: LocalDateTime
    public var end: LocalDateTime
    /// The device's zone when the timeline starts: the scenario's, or where a resumed
    /// run left the device. `zone` events change it along the timeline.
    public var deviceZone: TimeZone
    /// The user's alert, sound and badge switches when the timeline starts (those at the
    /// end are in the summary).
    public var notificationSettings = NotificationSettings.allOn
    /// Everything recorded, in the order it happened.
    public var timeline: [TimelineEntry]
    public var summary: ScenarioSummary

    package init(name: String, zone: TimeZone, start: LocalDateTime, end: LocalDateTime, timeline: [TimelineEntry],
                summary: ScenarioSummary, deviceZone: TimeZone? = nil) {
        self.name = name
        self.zone = zone
        self.deviceZone = deviceZone ?? zone
        self.start = start
        self.end = end
        self.timeline = timeline
        self.summary = summary
    }

    /// The result of a run with this header.
    package init(header: ScenarioRunHeader, timeline: [TimelineEntry], summary: ScenarioSummary) {
        self.init(name: header.name, zone: header.zone, start: header.start, end: header.end, timeline: timeline,
                  summary: summary, deviceZone: header.deviceZone)
        notificationSettings = header.notificationSettings
    }

    /// The deliveries of the timeline, in order.
    public var deliveries: [TimelineDelivery] {
        timeline.compactMap { if case .delivery(let delivery) = $0 { delivery } else { nil } }
    }

    /// The responses routed to the app, in order.
    public var routes: [TimelineRoute] {
        timeline.compactMap { if case .route(let route) = $0 { route } else { nil } }
    }

    /// The in-app prompts the app showed, in order.
    public var prompts: [TimelinePrompt] {
        timeline.compactMap { if case .prompt(let prompt) = $0 { prompt } else { nil } }
    }

    /// The app's lifecycle and permission changes, in order.
    public var lifecycle: [TimelineLifecycle] {
        timeline.compactMap { if case .lifecycle(let change) = $0 { change } else { nil } }
    }

    /// What the user did to notifications, in order.
    public var userActions: [TimelineUserAction] {
        timeline.compactMap { if case .user(let user) = $0 { user } else { nil } }
    }

    /// The device's zone at each entry of the timeline (a `zone` event's own entry is
    /// still in the zone it leaves), and at the end.
    package func deviceZones() -> (entries: [TimeZone], end: TimeZone) {
        var current = deviceZone
        var zones: [TimeZone] = []
        for entry in timeline {
            zones.append(current)
            if case .event(let event) = entry, case .zone(let next) = event.action { current = next }
        }
        return (zones, current)
    }

    /// The header a formatter prints for this result.
    public var header: ScenarioRunHeader {
        var header = ScenarioRunHeader(name: name, zone: zone, start: start, end: end, deviceZone: deviceZone)
        header.notificationSettings = notificationSettings
        return header
    }

    /// The reconciles of the timeline, in order.
    public var reconciles: [TimelineReconcile] {
        timeline.compactMap { if case .reconcile(let reconcile) = $0 { reconcile } else { nil } }
    }
}
