import Foundation
import Herald
import HeraldScenario
import HeraldSimulator

extension ScenarioResult {
    /// The timeline as JSON Lines: one object per entry, `type` `delivery`, `prompt`,
    /// `event`, `reconcile`, `lifecycle`, `user` or `route`, then one `summary` (see
    /// ``ScenarioJSONLinesFormatter``).
    ///
    /// ```text
    /// {"app_state":"background","badge":1,"identifier":"herald:reminder:habit:stretch:morning:20261121T0900","interruption":"active","local":"2026-11-21T09:00","presentation":"banner, list, sound, badge","title":"Stretch","type":"delivery","utc":"2026-11-21T08:00:00Z"}
    /// ```
    public func jsonLines() -> String {
        var formatter = ScenarioJSONLinesFormatter()
        return formatter.format(self)
    }

    /// The timeline's lines up to an event that could not happen, then one object of
    /// `type` `stopped` in place of the summary (see ``ScenarioJSONLinesFormatter/stopped(by:at:)``).
    public func jsonLines(stoppedBy error: ScenarioError) -> String {
        var formatter = ScenarioJSONLinesFormatter()
        var output = formatter.header(header)
        for entry in timeline { output += formatter.entry(entry) }
        return output + formatter.stopped(by: error, at: summary.endedAt)
    }
}

/// The timeline as JSON Lines: one object per entry, `type` `delivery`, `prompt`,
/// `event`, `reconcile`, `lifecycle`, `user`, `route`, `smart_timing`, `region`,
/// `regions` or `route_progress`, then one `summary` (with
/// `dropped`, the requests the center dropped above its `capacity`, and when there
/// are any, `dropped_identifiers` and a `warning`). Keys are sorted and instants are UTC ISO 8601
/// (`utc`) next to the local date-time (`local`), so the output is stable. Each line
/// stands alone, so a streamed run writes each as it happens.
///
/// ```text
/// {"app_state":"background","badge":1,"identifier":"herald:reminder:habit:stretch:morning:20261121T0900","interruption":"active","local":"2026-11-21T09:00","presentation":"banner, list, sound, badge","title":"Stretch","type":"delivery","utc":"2026-11-21T08:00:00Z"}
/// {"action":"tap","badge":0,"destination":"ready","effect":"none","entity":"goal/read","identifier":"herald:reminder:goal:read:daily:20261121T0900","local":"2026-11-21T09:05:02","received_utc":"2026-11-21T08:05:00Z","title":"Read 20 pages","type":"route","utc":"2026-11-21T08:05:02Z","waited_seconds":2}
/// ```
public struct ScenarioJSONLinesFormatter: ScenarioTimelineFormatter {
    private let encoder: JSONEncoder
    private var header: ScenarioRunHeader?
    /// The device's zone at the next entry.
    private var zone: TimeZone?

    public init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    public mutating func header(_ header: ScenarioRunHeader) -> String {
        self.header = header
        zone = header.deviceZone
        return ""
    }

    public mutating func entry(_ entry: TimelineEntry) -> String {
        let zone = self.zone ?? TimeZone(identifier: "UTC")!
        switch entry {
        case .delivery(let delivery): return line(DeliveryLine(delivery))
        case .event(let event):
            if case .zone(let next) = event.action { self.zone = next }
            return line(EventLine(event))
        case .reconcile(let reconcile): return line(ReconcileLine(reconcile))
        case .lifecycle(let lifecycle): return line(LifecycleLine(lifecycle))
        case .user(let user): return line(UserLine(user))
        case .prompt(let prompt): return line(PromptLine(prompt))
        case .route(let route): return line(RouteLine(route, zone: zone))
        case .smartTiming(let smart): return line(SmartTimingLine(smart))
        case .region(let region): return line(RegionLine(region))
        case .regions(let regions): return line(RegionsLine(regions))
        case .routeProgress(let progress): return line(RouteProgressLine(progress))
        case .travel(let travel): return line(TravelLine(travel))
        }
    }

    /// In place of the summary when an event could not happen: `type` `stopped`, `error`
    /// (the located message), `file`, `line`, `column`, `field`, and `utc` and `local`
    /// where the run stopped.
    ///
    /// ```text
    /// {"column":27,"error":"s.yaml:11:27: events[0].tap: at 2026-11-21 08:30 CET: ...","field":"events[0].tap","file":"s.yaml","line":11,"local":"2026-11-21T08:30","type":"stopped","utc":"2026-11-21T07:30:00Z"}
    /// ```
    public func stopped(by error: ScenarioError, at date: Date?) -> String {
        line(StoppedLine(error, at: date, zone: zone ?? TimeZone(identifier: "UTC")!))
    }

    public mutating func summary(_ summary: ScenarioSummary) -> String {
        let header = header ?? ScenarioRunHeader(name: "", zone: TimeZone(identifier: "UTC")!,
                                                 start: LocalDateTime(wallSeconds: 0), end: LocalDateTime(wallSeconds: 0))
        return line(SummaryLine(summary, header: header, deviceZone: zone ?? header.deviceZone))
    }

    private func line(_ value: some Encodable) -> String {
        // Encoding these plain records cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

private struct ReconcileLine: Encodable {
    var type = "reconcile"
    var utc: String
    var local: String
    /// The first ``TimelineReconcile/namedReasonLimit`` reasons.
    var reasons: [String]
    /// How many reasons `reasons` leaves out; absent when it names them all.
    var moreReasons: Int?
    var added: Int
    var removed: Int
    var unchanged: Int
    var failedAdds: Int
    var clearedDelivered: Int
    var displaced: Int
    var planned: Int?
    var badgeSet: Int?
    var coverageHorizon: String?
    /// The UTC instant or `unbounded`; absent when planning failed.
    var guaranteedCoverage: String?
    /// The UTC instant or `null`; absent when planning failed.
    var refreshDeadline: NullableText?
    var failure: String?
    /// `true` when notifications were off and the center was left alone; absent otherwise.
    var notificationsOff: Bool?
    var badgesOff: Bool?
    /// The urgency forecasts that changed (``TimelineReconcile/urgency``); absent when none.
    var urgency: [String]?
    /// What the run did to the alarm service; absent when it did nothing.
    var alarms: AlarmsLine?

    struct AlarmsLine: Encodable {
        var scheduled: Int
        var cancelled: Int
        var unchanged: Int
        var refused: [String]?
    }

    init(_ reconcile: TimelineReconcile) {
        utc = TimeText.utc(reconcile.date)
        local = reconcile.local.description
        reasons = Array(reconcile.namedReasons)
        moreReasons = reconcile.moreReasons > 0 ? reconcile.moreReasons : nil
        added = reconcile.added
        removed = reconcile.removed
        unchanged = reconcile.unchanged
        failedAdds = reconcile.failedAdds
        clearedDelivered = reconcile.clearedDelivered
        displaced = reconcile.displaced
        planned = reconcile.planned
        badgeSet = reconcile.badgeSet
        coverageHorizon = reconcile.coverageHorizon.map(TimeText.utc)
        guaranteedCoverage = reconcile.guaranteedCoverage.map(TimeText.guaranteedUTC)
        if reconcile.guaranteedCoverage != nil { refreshDeadline = NullableText(reconcile.refreshDeadline.map(TimeText.utc)) }
        failure = reconcile.failure
        notificationsOff = reconcile.heldWhileNotificationsOff ? true : nil
        badgesOff = reconcile.badgesOff ? true : nil
        urgency = reconcile.urgency.isEmpty ? nil : reconcile.urgency
        alarms = reconcile.alarms.map {
            AlarmsLine(scheduled: $0.scheduled, cancelled: $0.cancelled, unchanged: $0.unchanged,
                       refused: $0.refused.isEmpty ? nil : $0.refused.map(\.description))
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, reasons, added, removed, unchanged, planned, failure, displaced, urgency, alarms
        case notificationsOff = "notifications_off"
        case badgesOff = "badges_off"
        case moreReasons = "more_reasons"
        case failedAdds = "failed_adds"
        case clearedDelivered = "cleared_delivered"
        case badgeSet = "badge_set"
        case coverageHorizon = "coverage_horizon"
        case guaranteedCoverage = "guaranteed_coverage"
        case refreshDeadline = "refresh_deadline"
    }
}

private struct SummaryLine: Encodable {
    var type = "summary"
    /// When the run stopped, as every entry has: the UTC instant and the device's local time.
    var utc: String?
    var local: String?
    var name: String
    var zone: String
    /// Where the device is at the end (the scenario's zone unless it travelled).
    var deviceZone: String
    var start: String
    var end: String
    var delivered: Int
    var stillDelivered: Int
    var pending: Int
    var appBadge: Int
    var reconciles: Int
    var routes: Int
    var coverageHorizon: String?
    var coversHorizon: Bool
    /// The last plan's guaranteed coverage (UTC instant or `unbounded`) and refresh
    /// deadline (UTC instant or `null`); both absent before any plan.
    var guaranteedCoverage: String?
    var refreshDeadline: NullableText?
    var cuts: Int
    /// `true` when the plan cut more than `cuts` (the count stops there); absent otherwise.
    var moreCuts: Bool?
    /// Requests the center dropped above its capacity, and the first of them.
    var dropped: Int
    var droppedIdentifiers: [String]?
    var capacity: Int
    var warning: String?
    /// The last smart-timing recomputation, with smart timing on.
    var smartTiming: SmartTimingLine?
    /// The alert, sound and badge switches at the start and at the end.
    var startSettings: NotificationSettings
    var settings: NotificationSettings

    /// - Parameter deviceZone: where the device is at the end.
    init(_ summary: ScenarioSummary, header: ScenarioRunHeader, deviceZone: TimeZone) {
        if let endedAt = summary.endedAt {
            utc = TimeText.utc(endedAt)
            local = ZoneConverter.for(deviceZone).local(for: endedAt).description
        }
        name = header.name
        zone = header.zone.identifier
        self.deviceZone = deviceZone.identifier
        start = header.start.description
        end = header.end.description
        delivered = summary.delivered
        stillDelivered = summary.stillDelivered
        pending = summary.pending
        appBadge = summary.appBadge
        reconciles = summary.reconciles
        routes = summary.routes
        coverageHorizon = summary.coverageHorizon.map(TimeText.utc)
        if let horizon = summary.coverageHorizon, let end = summary.horizonEnd {
            coversHorizon = horizon >= end
        } else {
            coversHorizon = false
        }
        guaranteedCoverage = summary.guaranteedCoverage.map(TimeText.guaranteedUTC)
        if summary.guaranteedCoverage != nil { refreshDeadline = NullableText(summary.refreshDeadline.map(TimeText.utc)) }
        cuts = summary.cuts
        moreCuts = summary.moreCuts ? true : nil
        dropped = summary.dropped
        droppedIdentifiers = summary.dropped > 0 ? summary.droppedIdentifiers : nil
        capacity = summary.capacity
        warning = summary.dropWarning
        smartTiming = summary.smartTiming.map(SmartTimingLine.init)
        startSettings = header.notificationSettings
        settings = summary.notificationSettings
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, name, zone, start, end, delivered, pending, reconciles, routes, cuts, dropped, capacity, warning
        case settings, startSettings = "start_settings"
        case droppedIdentifiers = "dropped_identifiers"
        case smartTiming = "smart_timing"
        case deviceZone = "device_zone"
        case stillDelivered = "still_delivered"
        case appBadge = "app_badge"
        case coverageHorizon = "coverage_horizon"
        case coversHorizon = "covers_horizon"
        case moreCuts = "more_cuts"
        case guaranteedCoverage = "guaranteed_coverage"
        case refreshDeadline = "refresh_deadline"
    }
}

/// Where a run stopped at an event that could not happen.
private struct StoppedLine: Encodable {
    var type = "stopped"
    var utc: String?
    var local: String?
    var error: String
    var file: String
    var line: Int
    var column: Int
    var field: String

    init(_ error: ScenarioError, at date: Date?, zone: TimeZone) {
        if let date {
            utc = TimeText.utc(date)
            local = ZoneConverter.for(zone).local(for: date).description
        }
        self.error = error.description
        file = error.file
        line = error.line
        column = error.column
        field = error.field
    }
}

/// A smart-timing recomputation: `window_start_hour`, `window_end_hour`, `reminder_time`,
/// `coverage_percent`, `sample_count` (absent without a suggestion), `applied`, `note`.
struct SmartTimingLine: Encodable {
    var type = "smart_timing"
    var utc: String
    var local: String
    var windowStartHour: Int?
    var windowEndHour: Int?
    var reminderTime: String?
    var coveragePercent: Int?
    var sampleCount: Int?
    var applied: Bool
    var note: String?
    var description: String

    init(_ entry: TimelineSmartTiming) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        windowStartHour = entry.suggestion?.windowStartHour
        windowEndHour = entry.suggestion?.windowEndHour
        reminderTime = entry.suggestion.map { "\($0.reminderTime)" }
        coveragePercent = entry.suggestion?.coveragePercent
        sampleCount = entry.suggestion?.sampleCount
        applied = entry.applied
        note = entry.note
        description = entry.text
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, applied, note, description
        case windowStartHour = "window_start_hour"
        case windowEndHour = "window_end_hour"
        case reminderTime = "reminder_time"
        case coveragePercent = "coverage_percent"
        case sampleCount = "sample_count"
    }
}

/// A text that is written as JSON `null` when it is absent (a synthesized `Encodable`
/// leaves an absent optional out): `"refresh_deadline": null` says the plan needs no refresh.
private struct NullableText: Encodable {
    var value: String?

    init(_ value: String?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
