import Foundation
import Herald
import HeraldScenario

/// The picture of a scenario run: one self-contained HTML page (no scripts, fonts or
/// images from elsewhere; it opens offline) with a lane per local day, every delivery
/// at its local time (title, badge, how it was presented), the user's gestures and the
/// routes they produced, each re-plan with its reasons, a chart of pending requests
/// against the center's capacity and the reminders' budget, the coverage horizon, day
/// changes, DST transitions, zone and clock changes, and the last plan's cuts.
///
/// It consumes the timeline one entry at a time and keeps only what the page shows, so
/// it can follow a run as it plays:
///
/// ```swift
/// var report = HTMLReport(name: scenario.name, zone: scenario.zone, start: scenario.start,
///                         end: runner.end, reserve: scenario.planner.reserve)
/// for entry in result.timeline { report.record(entry) }
/// try report.render(summary: result.summary).write(toFile: "week.html", atomically: true, encoding: .utf8)
/// ```
public struct HTMLReport: Sendable {
    public var name: String
    /// The scenario's zone, in which ``start`` and ``end`` are written.
    public var zone: TimeZone
    public var start: LocalDateTime
    public var end: LocalDateTime
    /// How many requests the center keeps pending.
    public var capacity: Int
    /// The planner's reserve: reminders stay within `capacity - reserve`.
    public var reserve: Int
    /// The user's alert, sound and badge switches at the start (the header shows them
    /// when they are not all on; changes are lifecycle rows, the summary has the end's).
    public var notificationSettings = NotificationSettings.allOn

    /// The device's zone now: a `zone` event's own entry is still in the zone it leaves.
    private var deviceZone: TimeZone
    /// The device's zone when the timeline starts.
    private let startZone: TimeZone
    private(set) var days: [ReportDay] = []
    private var dayIndex: [LocalDate: Int] = [:]
    /// Pending requests after each change: Herald's and other code's.
    private(set) var pending: [PendingChart.Point] = []
    private var heraldPending = 0
    private var otherPending = 0
    /// Zone and clock changes, for the chart.
    private(set) var changes: [PendingChart.Marker] = []
    /// The walking routes, for their maps.
    private(set) var routeTracks = RouteTracks()
    /// The device's zone from each zone change on, to write the routes' instants.
    private var zoneChanges: [(date: Date, zone: TimeZone)] = []
    /// The stories of the deliveries' and the cuts' occurrences, by ``storyKey(_:at:)``
    /// (``tellStories(cuts:_:)``): each opens under its row.
    var stories: [String: OccurrenceStory] = [:]

    public init(name: String, zone: TimeZone, start: LocalDateTime, end: LocalDateTime, deviceZone: TimeZone? = nil,
                capacity: Int = 64, reserve: Int) {
        startZone = deviceZone ?? zone
        self.name = name
        self.zone = zone
        self.start = start
        self.end = end
        self.deviceZone = deviceZone ?? zone
        self.capacity = capacity
        self.reserve = reserve
    }

    /// Adds one timeline entry, in the order the run recorded it.
    public mutating func record(_ entry: TimelineEntry) {
        let zone = deviceZone
        let local = ZoneConverter.for(zone).local(for: entry.date)
        let time = "\(TimeText.two(local.time.hour)):\(TimeText.two(local.time.minute)) \(TimeText.abbreviation(zone, at: entry.date))"
        var item = ReportItem(kind: .event, date: entry.date, local: local, time: time, text: "")
        routeTracks.record(entry, zone: zone)
        switch entry {
        case .delivery(let delivery):
            noteDelivery(delivery, in: &item)
        case .prompt(let prompt):
            item.kind = .prompt
            item.identifier = prompt.identifier
            item.text = "in-app prompt \"\(prompt.title)\": " + prompt.actions.map(\.title).joined(separator: " | ")
        case .event(let event):
            noteEvent(event, in: &item)
        case .reconcile(let reconcile):
            noteReconcile(reconcile, in: &item, zone: zone)
        case .lifecycle(let lifecycle):
            item.kind = .lifecycle
            item.text = "\(lifecycle.change)"
        case .user(let user):
            item.kind = .user
            item.identifier = user.identifier.isEmpty ? nil : user.identifier
            item.text = "user \(user.gesture)" + (user.inPrompt ? " (in-app prompt)" : "")
        case .route(let route):
            item.kind = .route
            item.identifier = route.identifier
            item.text = "route " + ScenarioTextFormatter.describe(route, zone: zone)
        case .smartTiming(let smart):
            item.kind = .smartTiming
            item.text = "smart timing: \(smart.text)"
        case .region(let region):
            item.kind = .region
            item.identifier = region.identifier
            item.text = "region \(region.text)"
        case .regions(let regions):
            item.kind = .regions
            item.text = "regions \(regions.text)"
        case .routeProgress(let progress):
            item.kind = .routeProgress
            item.text = "walk: \(progress.text)"
        case .travel(let travel):
            item.kind = .travel
            item.text = "travel: \(travel.text)"
        }
        append(item, zone: zone)
    }

    /// A delivery's row, and the pending requests one fewer.
    private mutating func noteDelivery(_ delivery: TimelineDelivery, in item: inout ReportItem) {
        item.kind = .delivery
        item.title = delivery.title
        item.badge = delivery.badge
        item.identifier = delivery.identifier
        item.text = delivery.title
        if delivery.beforeStart {
            item.marks.append("before-start")
            item.detail = "already delivered at the start"
        } else {
            item.detail = (delivery.appState.map { "\(delivery.presentationText); \(AppStateName.of($0))" }
                ?? delivery.presentationText)
                + "; \(InterruptionName.text(delivery.level))"
                + (delivery.afterSnooze ? "; again after a snooze" : "")
                + (delivery.throughFocus ? "; through the Focus" : "")
                + (delivery.held.map { "; held by the \($0 == .summary ? "summary" : "Focus"), due \(delivery.dueLocal?.time.description ?? "")" } ?? "")
            if delivery.level != .active { item.marks.append(InterruptionName.text(delivery.level)) }
            if delivery.isAlarm {
                // An alarm is the alarm service's: no pending request fired.
            } else if delivery.identifier.hasPrefix("herald:") {
                heraldPending = max(0, heraldPending - 1)
            } else {
                otherPending = max(0, otherPending - 1)
            }
            notePending(at: item.date)
        }
    }

    /// An event's row; a zone or clock change is a marker on the chart, foreign
    /// requests count as pending.
    private mutating func noteEvent(_ event: TimelineEvent, in item: inout ReportItem) {
        item.kind = .event
        item.text = event.action.description + (event.note.map { " (\($0))" } ?? "")
        switch event.action {
        case .zone(let next):
            item.marks.append("zone-change")
            changes.append(.init(date: item.date, label: "zone \(next.identifier)"))
            deviceZone = next
            zoneChanges.append((item.date, next))
        case .clock(let set):
            item.marks.append("clock-change")
            changes.append(.init(date: item.date, label: "clock \(set.time)"))
        case .foreign(let count):
            otherPending += count
            notePending(at: item.date)
        default:
            break
        }
    }

    /// A re-plan's row, with its reasons and coverage; Herald's pending requests are
    /// what the plan left.
    private mutating func noteReconcile(_ reconcile: TimelineReconcile, in item: inout ReportItem, zone: TimeZone) {
        item.kind = .reconcile
        item.detail = reconcile.reasonsText
        item.text = "re-plan (\(item.detail ?? "")): \(reconcile.changeText)"
        if let horizon = reconcile.coverageHorizon {
            item.text += ", covers until \(TimeText.local(horizon, zone: zone))"
        }
        if let guaranteed = reconcile.guaranteedCoverage {
            item.text += ", guaranteed \(guaranteed.date.map { "until \(TimeText.local($0, zone: zone))" } ?? "unbounded")"
        }
        if reconcile.reasons.contains("day changed") { item.marks.append("day-change") }
        if reconcile.reasons.contains("time zone changed") { item.marks.append("zone-change") }
        if reconcile.reasons.contains("significant time change") { item.marks.append("clock-change") }
        heraldPending = reconcile.added + reconcile.unchanged
        notePending(at: item.date)
    }

    private mutating func notePending(at date: Date) {
        pending.append(.init(date: date, herald: heraldPending, other: otherPending))
    }

    private mutating func append(_ item: ReportItem, zone: TimeZone) {
        let index = dayIndex[item.local.date] ?? {
            days.append(ReportDay(date: item.local.date, zones: []))
            dayIndex[item.local.date] = days.count - 1
            return days.count - 1
        }()
        if !days[index].zones.contains(zone) { days[index].zones.append(zone) }
        days[index].items.append(item)
    }

    /// Adds a mark and a note to each delivery's row that `note` has one for (where a
    /// delivery alerted, on a page of several devices).
    mutating func annotateDeliveries(_ note: (ReportItem) -> (mark: String, text: String)?) {
        for day in days.indices {
            for index in days[day].items.indices where days[day].items[index].kind == .delivery {
                guard let (mark, text) = note(days[day].items[index]) else { continue }
                days[day].items[index].marks.append(mark)
                days[day].items[index].detail = (days[day].items[index].detail.map { $0 + "; " } ?? "") + text
            }
        }
    }

    /// The device's zone at `date`, as the zone changes recorded so far tell.
    func deviceZoneAt(_ date: Date) -> TimeZone {
        zoneChanges.last { $0.date <= date }?.zone ?? startZone
    }

    /// The days of the page, in date order: every day of the run, also those where
    /// nothing happened, and those the device reached by travelling or a clock change.
    func allDays() -> [ReportDay] {
        var all = days
        var date = start.date
        while date <= end.date {
            if dayIndex[date] == nil, date < end.date || end.time > LocalTime(hour: 0) {
                all.append(ReportDay(date: date, zones: [zone]))
            }
            date = date.adding(days: 1)
        }
        return all.sorted { $0.date < $1.date }
    }
}

extension HTMLReport {
    /// The report of a whole run.
    ///
    /// ```swift
    /// let html = HTMLReport.render(result, reserve: scenario.planner.reserve)
    /// ```
    public static func render(_ result: ScenarioResult, reserve: Int) -> String {
        var report = HTMLReport(name: result.name, zone: result.zone, start: result.start, end: result.end,
                                deviceZone: result.deviceZone, capacity: result.summary.capacity, reserve: reserve)
        report.notificationSettings = result.notificationSettings
        for entry in result.timeline { report.record(entry) }
        return report.render(summary: result.summary)
    }
}
