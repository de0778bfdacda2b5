import Foundation
import Herald
import HeraldScenario

/// How `herald plan` prints a `ScenarioInstantPlan`: aligned text, or one JSON object.
///
/// ```swift
/// print(InstantPlanText.text(plan))
/// print(InstantPlanText.json(plan))
/// ```
public enum InstantPlanText {
    /// ```text
    /// Seed 004 badge consistency at 2026-11-21 08:30 GMT+1
    ///
    /// pending (42 of 64; reminders' budget 54)
    ///   2026-11-21 09:00 GMT+1  badge 1   reminder  Meditate  herald:reminder:habit:meditate:reminders:20261121T0900
    ///
    /// coverage horizon     2026-12-05 08:00 GMT+1 (the whole horizon)
    /// guaranteed coverage  2026-12-05 08:00 GMT+1
    /// refresh deadline     2026-11-22 00:00 GMT+1
    /// cuts                 none
    /// ```
    public static func text(_ plan: ScenarioInstantPlan) -> String {
        var lines = ["\(plan.name) at \(TimeText.local(plan.date, zone: plan.zone))", ""]
        lines.append("pending (\(plan.pending.count) of \(plan.capacity); reminders' budget \(plan.capacity - plan.reserve))")
        let kindWidth = plan.pending.map(\.kind.count).max() ?? 0
        let titleWidth = plan.pending.map { PrintableText.escaped($0.title).count }.max() ?? 0
        for request in plan.pending {
            let when = request.fireDate.map { TimeText.local($0, zone: plan.zone) } ?? "(no date)"
            let badge = request.badge.map { "badge \($0)" } ?? "no badge"
            lines.append("  \(when)  \(pad(badge, 8))  \(pad(request.kind, kindWidth))  \(pad(PrintableText.escaped(request.title), titleWidth))  \(PrintableText.escaped(request.identifier))")
        }
        if plan.pending.isEmpty { lines.append("  none") }
        if !plan.alarms.isEmpty {
            lines.append("")
            lines.append("alarms (\(plan.alarms.count))")
            let stateWidth = plan.alarms.map(\.state.count).max() ?? 0
            for alarm in plan.alarms {
                let when = alarm.soundsAt.map { TimeText.local($0, zone: plan.zone) } ?? "(sounding)"
                lines.append("  \(when)  \(pad(alarm.state, stateWidth))  \(PrintableText.escaped(alarm.title))  \(PrintableText.escaped(alarm.identifier))")
            }
        }
        lines.append("")
        lines.append("coverage horizon     \(TimeText.coverage(plan.coverageHorizon, horizonEnd: plan.horizonEnd, zone: plan.zone))")
        lines.append("guaranteed coverage  \(TimeText.guaranteed(plan.guaranteedCoverage, zone: plan.zone))")
        lines.append("refresh deadline     \(TimeText.refreshDeadline(plan.refreshDeadline, planned: plan.guaranteedCoverage != nil, zone: plan.zone))")
        if plan.cuts.isEmpty {
            lines.append("cuts                 none")
        } else {
            lines.append("cuts                 \(plan.cuts.count)")
            for cut in plan.cuts {
                lines.append("  \(TimeText.local(cut.date, zone: plan.zone))  \(cut.entity)/\(PrintableText.escaped(cut.rule))  \(cut.reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// One JSON object with sorted keys: `name`, `utc`, `local`, `zone`, `capacity`,
    /// `reserve`, `pending` (`identifier`, `kind`, `badge`, `title`, `utc`, `local`),
    /// `coverage_horizon` (`utc`, `local`, `whole_horizon`; `null` before any plan),
    /// `guaranteed_coverage` (the UTC instant, or `"unbounded"`; `null` before any plan),
    /// `refresh_deadline` (the UTC instant; `null` before any plan or when the plan
    /// needs no refresh), `cuts` (`entity`, `rule`, `utc`, `local`, `reason`) and, with an
    /// alarm service, `alarms` (`identifier`, `state`, `title`, `utc`, `local`; the
    /// times `null` while it sounds).
    public static func json(_ plan: ScenarioInstantPlan) -> String {
        let converter = ZoneConverter.for(plan.zone)
        func local(_ date: Date) -> String { converter.local(for: date).description }
        let object = PlanObject(
            name: plan.name, utc: TimeText.utc(plan.date), local: local(plan.date), zone: plan.zone.identifier,
            capacity: plan.capacity, reserve: plan.reserve,
            pending: plan.pending.map { request in
                .init(identifier: request.identifier, kind: request.kind, badge: request.badge, title: request.title,
                      utc: request.fireDate.map(TimeText.utc), local: request.fireDate.map(local))
            },
            coverageHorizon: plan.coverageHorizon.map { horizon in
                .init(utc: TimeText.utc(horizon), local: local(horizon),
                      wholeHorizon: plan.horizonEnd.map { horizon >= $0 } ?? false)
            },
            guaranteedCoverage: plan.guaranteedCoverage.map(TimeText.guaranteedUTC),
            refreshDeadline: plan.refreshDeadline.map(TimeText.utc),
            cuts: plan.cuts.map { cut in
                .init(entity: cut.entity.description, rule: cut.rule, utc: TimeText.utc(cut.date),
                      local: cut.local.description, reason: cut.reason.rawValue)
            },
            alarms: plan.alarms.isEmpty ? nil : plan.alarms.map { alarm in
                .init(identifier: alarm.identifier, state: alarm.state, title: alarm.title,
                      utc: alarm.soundsAt.map(TimeText.utc), local: alarm.soundsAt.map(local))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain records cannot fail.
        let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct PlanObject: Encodable {
        struct Request: Encodable {
            var identifier, kind: String
            var badge: Int?
            var title: String
            var utc, local: String?
        }
        struct Coverage: Encodable {
            var utc, local: String
            var wholeHorizon: Bool
            enum CodingKeys: String, CodingKey { case utc, local, wholeHorizon = "whole_horizon" }
        }
        struct Cut: Encodable {
            var entity, rule, utc, local, reason: String
        }
        struct Alarm: Encodable {
            var identifier, state, title: String
            var utc, local: String?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(identifier, forKey: .identifier)
                try container.encode(state, forKey: .state)
                try container.encode(title, forKey: .title)
                try container.encode(utc, forKey: .utc)  // null while it sounds
                try container.encode(local, forKey: .local)
            }
            enum CodingKeys: String, CodingKey { case identifier, state, title, utc, local }
        }
        var name, utc, local, zone: String
        var capacity, reserve: Int
        var pending: [Request]
        var coverageHorizon: Coverage?
        var guaranteedCoverage: String?
        var refreshDeadline: String?
        var cuts: [Cut]
        var alarms: [Alarm]?
        enum CodingKeys: String, CodingKey {
            case name, utc, local, zone, capacity, reserve, pending, cuts, alarms
            case coverageHorizon = "coverage_horizon"
            case guaranteedCoverage = "guaranteed_coverage"
            case refreshDeadline = "refresh_deadline"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(utc, forKey: .utc)
            try container.encode(local, forKey: .local)
            try container.encode(zone, forKey: .zone)
            try container.encode(capacity, forKey: .capacity)
            try container.encode(reserve, forKey: .reserve)
            try container.encode(pending, forKey: .pending)
            try container.encode(coverageHorizon, forKey: .coverageHorizon)  // null before any plan
            try container.encode(guaranteedCoverage, forKey: .guaranteedCoverage)  // null before any plan
            try container.encode(refreshDeadline, forKey: .refreshDeadline)  // null: none, or no plan
            try container.encode(cuts, forKey: .cuts)
            try container.encodeIfPresent(alarms, forKey: .alarms)  // only with an alarm service
        }
    }
}
