import Foundation
import Herald

/// The few ways the scenario output writes instants, the same on every platform.
enum TimeText {
    /// `2026-11-21T08:00:00Z`.
    static func utc(_ date: Date) -> String {
        let local = LocalDateTime(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let time = local.time
        return "\(local.date)T\(two(time.hour)):\(two(time.minute)):\(two(time.second))Z"
    }

    /// `2026-11-21 09:00 CET` (the zone's abbreviation as the platform names it).
    static func local(_ date: Date, zone: TimeZone) -> String {
        let local = ZoneConverter.for(zone).local(for: date)
        return "\(local.date) \(local.time) \(abbreviation(zone, at: date))"
    }

    static func abbreviation(_ zone: TimeZone, at date: Date) -> String {
        zone.abbreviation(for: date) ?? offset(zone, at: date)
    }

    /// `+01:00`.
    static func offset(_ zone: TimeZone, at date: Date) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        return "\(sign)\(two(abs(seconds) / 3600)):\(two(abs(seconds) / 60 % 60))"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
