import Foundation
import Herald
import HeraldScenario

extension ScenarioResult {
    /// The timeline as aligned text, one line per entry, then a summary block, and a
    /// warning line when the center dropped requests above its capacity.
    ///
    /// ```text
    /// 2026-11-21 08:00 CET  app        launched into the background
    /// 2026-11-21 08:00 CET  reconcile  launch: +3 -0 =0, planned 3, app badge set to 0
    /// 2026-11-21 09:00 CET  delivery   badge 1   Stretch  herald:reminder:habit:stretch:morning:20261121T0900  [banner, list, sound, badge; background]
    /// 2026-11-21 09:05 CET  user       tap herald:reminder:habit:stretch:morning:20261121T0900
    /// 2026-11-21 09:05 CET  route      ready "Stretch" (tap), app badge 0
    /// ```
    public func text() -> String {
        text(withSummary: true)
    }

    /// The title and the timeline, without the summary: what `herald simulate` prints
    /// before the error when an event cannot happen.
    public func timelineText() -> String {
        text(withSummary: false)
    }

    private func text(withSummary: Bool) -> String {
        var lines = ["\(name) — \(zone.identifier), \(start) to \(end)", ""]
        let titleWidth = deliveries.map { PrintableText.escaped($0.title).count }.max() ?? 0
        let zones = deviceZones()
        let locals = zip(timeline, zones.entries).map { TimeText.local($0.date, zone: $1) }
        let localWidth = locals.map(\.count).max() ?? 0
        for (index, entry) in timeline.enumerated() {
            let zone = zones.entries[index]
            let when = locals[index].padding(localWidth)
            switch entry {
            case .delivery(let delivery):
                let badge = delivery.badge.map { "badge \($0)" } ?? "no badge"
                let note = delivery.beforeStart ? "  (already delivered at start)" : ""
                let shown = delivery.appState.map { "  [\(delivery.presentationText); \(AppStateName.of($0))]" } ?? ""
                lines.append("\(when)  delivery   \(badge.padding(8))  \(PrintableText.escaped(delivery.title).padding(titleWidth))  \(PrintableText.escaped(delivery.identifier))\(note)\(shown)")
            case .event(let event):
                lines.append("\(when)  event      \(event.action)" + (event.note.map { " (\($0))" } ?? ""))
            case .lifecycle(let lifecycle):
                lines.append("\(when)  app        \(lifecycle.change)")
            case .user(let user):
                let on = user.identifier.isEmpty ? "" : " \(user.identifier)"
                lines.append("\(when)  user       \(user.gesture)\(on)" + (user.inPrompt ? " (in-app prompt)" : ""))
            case .prompt(let prompt):
                let actions = prompt.actions.map { PrintableText.escaped($0.title) }.joined(separator: " | ")
                lines.append("\(when)  prompt     \(PrintableText.escaped(prompt.title)): \(actions)")
            case .route(let route):
                lines.append("\(when)  route      \(Self.describe(route, zone: zone))")
            case .smartTiming(let smart):
                lines.append("\(when)  smart      \(smart.text)")
            case .reconcile(let reconcile):
                lines.append("\(when)  reconcile  \(reconcile.reasons.joined(separator: ", ")): \(reconcile.changeText)")
            }
        }
        guard withSummary else { return lines.joined(separator: "\n") + "\n" }
        lines.append("")
        lines.append("Summary")
        let coverage = TimeText.coverage(summary.coverageHorizon, horizonEnd: summary.horizonEnd, zone: zones.end)
        let rows: [(String, String)] = [
            ("delivered", "\(summary.delivered)"),
            ("still in the list", "\(summary.stillDelivered)"),
            ("pending at the end", "\(summary.pending)"),
            ("app badge", "\(summary.appBadge)"),
            ("reconciles", "\(summary.reconciles)"),
            ("routes", "\(summary.routes)"),
            ("coverage horizon", coverage),
            ("cut occurrences", "\(summary.cuts)"),
            ("dropped requests", "\(summary.dropped)"),
        ] + (summary.smartTiming.map { [("smart timing", $0.text)] } ?? [])
        for (label, value) in rows { lines.append("  \(label.padding(20))\(value)") }
        if let warning = summary.dropWarning {
            lines.append("")
            lines.append("warning: \(warning)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ready "Read 20 pages" (tap, waited 2 s), completed 2026-11-21, app badge 0`.
    public static func describe(_ route: TimelineRoute, zone: TimeZone) -> String {
        var text = route.destination.rawValue
        switch route.destination {
        case .ready, .inactive: if let title = route.title { text += " \"\(PrintableText.escaped(title))\"" }
        case .missing: if let entity = route.entity { text += " \(entity)" }
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
        }
    }
}
