import Foundation
import Herald

/// When alarms sound: the next instant of a schedule, read in the device's zone.
enum AlarmTimes {
    /// The first instant after `date` at which a schedule sounds: a fixed date whatever
    /// it is (one in the past sounds at once), a relative one at its wall time in `zone`
    /// on one of its weekdays (any day when the set is empty). A wall time a DST gap
    /// skips moves later by the gap, like Herald's one-shot triggers. `nil` for a wall
    /// time no clock shows (25:00): such an alarm never sounds.
    static func next(of schedule: AlarmSchedule, after date: Date, in zone: TimeZone) -> Date? {
        switch schedule {
        case .fixed(let instant):
            return instant
        case .weekly(let time, let days):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let weekdays: [Int?] = days.isEmpty ? [nil] : days.map(\.rawValue)
            let matches = weekdays.compactMap { weekday in
                calendar.nextDate(
                    after: date,
                    matching: DateComponents(hour: time.hour, minute: time.minute, second: time.second, weekday: weekday),
                    matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first,
                    direction: .forward
                )
            }
            return matches.min()
        }
    }
}
