import Foundation
import Herald
import HeraldScenario

/// The timeline as aligned text, one line per entry, then a summary block, and a
/// warning line when the center dropped requests above its capacity: what `herald
/// simulate` prints.
///
/// ```text
/// 2026-11-21 08:00 CET  app        launched into the background
/// 2026-11-21 08:00 CET  reconcile  launch: +3 -0 =0, planned 3, app badge set to 0
/// 2026-11-21 09:00 CET  delivery   badge 1   Stretch  herald:reminder:habit:stretch:morning:20261121T0900  [banner, list, sound, badge; background]
/// 2026-11-21 09:05 CET  user       tap herald:reminder:habit:stretch:morning:20261121T0900
/// 2026-11-21 09:05 CET  route      ready "Stretch" (tap), app badge 0
/// ```
///
/// The local-time and title columns are padded to ``Columns``: measured over the whole
/// timeline for a collected result (`ScenarioResult.text()`), or, when the timeline
/// is streamed, what the scenario can show (``Columns/init(for:)``); a wider value
/// than its column is written whole, never cut.
///
/// ```swift
/// var formatter = ScenarioTextFormatter(columns: .init(for: scenario))
/// print(formatter.header(header), formatter.entry(entry), separator: "", terminator: "")
/// ```
public struct ScenarioTextFormatter: ScenarioTimelineFormatter {
    /// The widths of the padded columns.
    public struct Columns: Hashable, Sendable {
        /// The local date-time with its zone abbreviation.
        public var local: Int
        /// A delivery's title.
        public var title: Int

        public init(local: Int, title: Int) {
            self.local = local
            self.title = title
        }
    }

    public var columns: Columns
    /// The device's zone at the next entry (a `zone` event's own entry is still in the
    /// zone it leaves).
    private var zone: TimeZone?

    private static let utc = TimeZone(identifier: "UTC")!

    public init(columns: Columns) {
        self.columns = columns
    }

    public mutating func header(_ header: ScenarioRunHeader) -> String {
        zone = header.deviceZone
        // The user's switches, when they are not all on.
        let settings = header.notificationSettings == .allOn ? "" : "settings: \(header.notificationSettings)\n"
        return "\(header.name) — \(header.zone.identifier), \(header.start) to \(header.end)\n\(settings)\n"
    }

    public mutating func entry(_ entry: TimelineEntry) -> String {
        let zone = self.zone ?? ScenarioTextFormatter.utc
        if case .event(let event) = entry, case .zone(let next) = event.action { self.zone = next }
        return Self.line(entry, zone: zone, columns: columns) + "\n"
    }

    public mutating func summary(_ summary: ScenarioSummary) -> String {
        let coverage = TimeText.coverage(summary.coverageHorizon, horizonEnd: summary.horizonEnd, zone: zone ?? Self.utc)
        let rows: [(String, String)] = [
            ("delivered", "\(summary.delivered)"),
            ("still in the list", "\(summary.stillDelivered)"),
            ("pending at the end", "\(summary.pending)"),
            ("app badge", "\(summary.appBadge)" + (summary.notificationSettings.badge ? "" : " (not shown: badges off)")),
            ("reconciles", "\(summary.reconciles)"),
            ("routes", "\(summary.routes)"),
            ("coverage horizon", coverage),
            ("guaranteed coverage", TimeText.guaranteed(summary.guaranteedCoverage, zone: zone ?? Self.utc)),
            ("refresh deadline", TimeText.refreshDeadline(summary.refreshDeadline, planned: summary.guaranteedCoverage != nil,
                                                          zone: zone ?? Self.utc)),
            ("cut occurrences", "\(summary.cuts)\(summary.moreCuts ? " or more (counted up to \(summary.cuts))" : "")"),
            ("dropped requests", "\(summary.dropped)"),
        ] + (summary.notificationSettings == .allOn ? [] : [("settings", "\(summary.notificationSettings)")])
            + (summary.smartTiming.map { [("smart timing", $0.text)] } ?? [])
        var lines = ["", "Summary"] + rows.map { "  \($0.0.padding(20))\($0.1)" }
        if let warning = summary.dropWarning {
            lines += ["", "warning: \(warning)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One entry's line, its local time in `zone`.
    static func line(_ entry: TimelineEntry, zone: TimeZone, columns: Columns) -> String {
        let when = TimeText.local(entry.date, zone: zone).padding(columns.local)
        switch entry {
        case .delivery(let delivery):
            let badge = delivery.badge.map { "badge \($0)" } ?? "no badge"
            let note = delivery.beforeStart ? "  (already delivered at start)" : ""
            let shown = delivery.appState.map { "  [\(delivery.presentationText); \(AppStateName.of($0))]" } ?? ""
            var notes = delivery.level == .active ? [] : [InterruptionName.text(delivery.level)]
            if delivery.afterSnooze { notes.append("again after a snooze") }
            if delivery.throughFocus { notes.append("through the Focus") }
            if let held = delivery.held, let due = delivery.dueLocal {
                notes.append("held by the \(held == .summary ? "summary" : "Focus"), due \(due.time)")
            }
            let level = notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))"
            return "\(when)  delivery   \(badge.padding(8))  \(PrintableText.escaped(delivery.title).padding(columns.title))  \(PrintableText.escaped(delivery.identifier))\(note)\(shown)\(level)"
        case .event(let event):
            return "\(when)  event      \(event.action)" + (event.note.map { " (\($0))" } ?? "")
        case .lifecycle(let lifecycle):
            return "\(when)  app        \(lifecycle.change)"
        case .user(let user):
            let on = user.identifier.isEmpty ? "" : " \(user.identifier)"
            return "\(when)  user       \(user.gesture)\(on)" + (user.inPrompt ? " (in-app prompt)" : "")
        case .prompt(let prompt):
            let actions = prompt.actions.map { PrintableText.escaped($0.title) }.joined(separator: " | ")
            return "\(when)  prompt     \(PrintableText.escaped(prompt.title)): \(actions)"
        case .route(let route):
            return "\(when)  route      \(describe(route, zone: zone))"
        case .reconcile(let reconcile):
            return "\(when)  reconcile  \(reconcile.reasonsText): \(reconcile.changeText)"
        case .smartTiming(let smart):
            return "\(when)  smart      \(smart.text)"
        case .region(let region):
            return "\(when)  region     \(PrintableText.escaped(region.text))  \(PrintableText.escaped(region.identifier))"
        case .regions(let regions):
            return "\(when)  regions    \(PrintableText.escaped(regions.text))"
        case .routeProgress(let progress):
            return "\(when)  walk       \(PrintableText.escaped(progress.text))"
        case .travel(let travel):
            return "\(when)  travel     \(PrintableText.escaped(travel.text))"
        }
    }

    /// `ready "Read 20 pages" (tap, waited 2 s), completed 2026-11-21, app badge 0`; for a
    /// route notification the screen it opens: `summary "Mitte" (tap), app badge 0` or
    /// `map at spot "Brandenburger Tor" of "Mitte" (tap), app badge 0`.
    public static func describe(_ route: TimelineRoute, zone: TimeZone) -> String {
        var text = route.destination.rawValue
        switch route.destination {
        case .ready where route.routeScreen != nil:
            text = PrintableText.escaped(route.routeScreen?.text ?? "")
        case .ready, .inactive: if let title = route.title { text += " \"\(PrintableText.escaped(title))\"" }
        case .missing: if let entity = route.entity { text += " \(entity)" }
        case .list: if let title = route.title { text += " \(PrintableText.escaped(title))" }
        case .invalid: if let reason = route.invalidReason { text += ": \(reason)" }
        }
        var how = route.actionName
        if let typed = route.text { how += " \"\(PrintableText.escaped(typed))\"" }
        if route.waited > 0 { how += ", waited \(Int(route.waited.rounded())) s" }
        text += " (\(how))"
        if let effect = route.effectText(zone: zone) { text += ", \(effect)" }
        return text + ", app badge \(route.badge)"
    }
}

extension ScenarioTextFormatter.Columns {
    /// The columns of a collected timeline: as wide as its widest local time and title.
    public init(of result: ScenarioResult) {
        let zones = result.deviceZones().entries
        self.init(local: zip(result.timeline, zones).map { TimeText.local($0.date, zone: $1).count }.max() ?? 0,
                  title: result.deliveries.map { PrintableText.escaped($0.title).count }.max() ?? 0)
    }

    /// The columns a streamed run of `scenario` is written in, known before it starts:
    /// the widest title its entities, edits, imports, posts and already-delivered
    /// notifications can give a delivery, and the widest local time of its zones (the
    /// scenario's and its `zone` events') over a year from its start, to the second
    /// when the scenario's readiness or events are timed to the second.
    public init(for scenario: Scenario) {
        var titles = scenario.entities.map(\.title) + scenario.delivered.map(\.entity.id)
        var zones = [scenario.zone]
        for event in scenario.events {
            switch event.action {
            case .edit(let edit): titles += [edit.title ?? edit.entity.id]
            case .import(_, let entities): titles += entities.map(\.title)
            case .post(let post): titles.append(post.title)
            case .foreign: titles.append(Scenario.foreignRequestTitle)
            case .startRoute(let route): titles += Self.titles(of: route)
            case .zone(let zone): zones.append(zone)
            default: break
            }
        }
        let start = ZoneConverter.for(scenario.zone).instant(for: scenario.start).date
        let instants = (0...14).map { start.addingTimeInterval(Double($0) * 28 * 86_400) }
        var local = zones.flatMap { zone in instants.map { TimeText.local($0, zone: zone).count } }.max() ?? 0
        // Times show seconds (`09:05:02`) when the app gets ready part of a minute after
        // a launch, an event is timed to the second, or a walk reports positions (a
        // waypoint reached between two minutes, a location trigger 20 s after a crossing).
        if case .after(let delay) = scenario.readiness, delay.truncatingRemainder(dividingBy: 60) != 0 {
            local += 3
        } else if scenario.events.contains(where: { event in
            if case .walk = event.action { return true }
            return event.at.time.second != 0
        }) {
            local += 3
        }
        self.init(local: local, title: titles.map { PrintableText.escaped($0).count }.max() ?? 0)
    }
}

extension ScenarioTextFormatter.Columns {
    /// The titles a route's notifications can have: each spot's and the completion's,
    /// `{visited}` at its widest (all reached).
    static func titles(of route: RouteSession) -> [String] {
        let counts = ["total": String(route.waypoints.count), "visited": String(route.waypoints.count), "route": route.name]
        return route.waypoints.map { RouteMessages.fill(route.messages.spotTitle, counts.merging(["name": $0.name]) { $1 }) }
            + [RouteMessages.fill(route.messages.completionTitle, counts)]
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

extension TimelineRoute {
    /// `completed 2026-11-21`, `snoozed until <instant>`, `deferred 2026-11-21`, or `nil`.
    func effectText(zone: TimeZone) -> String? {
        switch effect {
        case .none: nil
        case .completed(let day): "completed \(day)"
        case .snoozed(let until): "snoozed until \(TimeText.local(until, zone: zone))"
        case .deferredToTomorrow(let day): "deferred \(day) to tomorrow"
        case .completedAll(let days): "completed all: \(days.map(\.description).joined(separator: ", "))"
        }
    }
}
