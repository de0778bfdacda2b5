import Foundation

/// When an alarm sounds: AlarmKit's two kinds of schedule.
///
/// ```swift
/// let once = AlarmSchedule.fixed(date)                                     // one instant, whatever the zone
/// let pills = AlarmSchedule.weekly(LocalTime(hour: 8, minute: 0), on: [.monday, .thursday])
/// let daily = AlarmSchedule.weekly(LocalTime(hour: 8, minute: 0), on: Set(Weekday.allCases))
/// ```
public enum AlarmSchedule: Hashable, Sendable, CustomStringConvertible {
    /// One absolute instant, not relative to the device's time zone.
    case fixed(Date)
    /// A wall-clock time in the device's current time zone on the given weekdays, every
    /// week (AlarmKit's relative schedule with a weekly recurrence). An empty set sounds
    /// once, at the next such time.
    case weekly(LocalTime, on: Set<Weekday>)

    /// Whether the system keeps the alarm after it sounds and is stopped.
    public var repeats: Bool {
        if case .weekly(_, let days) = self { return !days.isEmpty }
        return false
    }

    public var description: String {
        switch self {
        case .fixed(let date): "fixed \(date.formatted(.iso8601))"
        case .weekly(let time, let days) where days.isEmpty: "once at \(time)"
        case .weekly(let time, let days):
            "weekly at \(time) on \(Weekday.allCases.filter(days.contains).map(\.rfc5545Code).joined(separator: ","))"
        }
    }
}

extension AlarmSchedule: Codable {
    private enum CodingKeys: String, CodingKey { case fixed, time, weekdays }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let date = try container.decodeIfPresent(Date.self, forKey: .fixed) {
            self = .fixed(date)
        } else {
            self = .weekly(try container.decode(LocalTime.self, forKey: .time),
                           on: try container.decode(Set<Weekday>.self, forKey: .weekdays))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fixed(let date): try container.encode(date, forKey: .fixed)
        case .weekly(let time, let days):
            try container.encode(time, forKey: .time)
            try container.encode(days.sorted(), forKey: .weekdays)
        }
    }
}
