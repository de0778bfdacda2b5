import Foundation
import Herald

/// The few ways the scenario output writes instants, the same on every platform.
package enum TimeText {
    /// `2026-11-21T08:00:00Z`.
    package static func utc(_ date: Date) -> String {
        let local = LocalDateTime(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let time = local.time
        return "\(local.date)T\(two(time.hour)):\(two(time.minute)):\(two(time.second))Z"
    }

    /// `2026-11-21 09:00 CET` (the zone's abbreviation as the platform names it).
    package static func local(_ date: Date, zone: TimeZone) -> String {
        let local = ZoneConverter.for(zone).local(for: date)
        return "\(local.date) \(local.time) \(abbreviation(zone, at: date))"
    }

    package static func abbreviation(_ zone: TimeZone, at date: Date) -> String {
        zone.abbreviation(for: date) ?? offset(zone, at: date)
    }

    /// `+01:00`.
    package static func offset(_ zone: TimeZone, at date: Date) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        return "\(sign)\(two(abs(seconds) / 3600)):\(two(abs(seconds) / 60 % 60))"
    }

    /// `1 h`, `30 min`, `1 h 30 min`: a whole number of minutes for people.
    package static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60
        return [hours > 0 ? "\(hours) h" : nil, minutes > 0 || hours == 0 ? "\(minutes) min" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// A plan's coverage for people: `2026-12-05 08:00 CET (the whole horizon)`,
    /// `... (cut there by the budget)`, or `none (no plan)`.
    package static func coverage(_ horizon: Date?, horizonEnd: Date?, zone: TimeZone) -> String {
        guard let horizon else { return "none (no plan)" }
        let whole = horizonEnd.map { horizon >= $0 } ?? false
        return local(horizon, zone: zone) + (whole ? " (the whole horizon)" : " (cut there by the budget)")
    }

    /// How far a plan reaches without the app, for people: `2026-11-23 21:00 CET`,
    /// `unbounded`, or `none (no plan)`.
    package static func guaranteed(_ coverage: GuaranteedCoverage?, zone: TimeZone) -> String {
        switch coverage {
        case nil: "none (no plan)"
        case .unbounded: "unbounded"
        case .until(let end): local(end, zone: zone)
        }
    }

    /// How far a plan reaches without the app, for machines: the UTC instant
    /// (`2026-11-23T20:00:00Z`) or `unbounded`.
    package static func guaranteedUTC(_ coverage: GuaranteedCoverage) -> String {
        coverage.date.map(utc) ?? "unbounded"
    }

    /// By when a plan must be re-planned, for people: `2026-11-22 00:00 CET`, `none`
    /// (the plan needs no refresh), or `none (no plan)`.
    package static func refreshDeadline(_ deadline: Date?, planned: Bool, zone: TimeZone) -> String {
        guard planned else { return "none (no plan)" }
        return deadline.map { local($0, zone: zone) } ?? "none"
    }

    package static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
