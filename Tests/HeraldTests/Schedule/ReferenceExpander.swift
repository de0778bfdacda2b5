import Foundation
@testable import Herald

/// A slow, obviously-correct expansion of a ``Schedule`` through Foundation's
/// `Calendar`, to check the fast one against.
///
/// It walks local days with a UTC Gregorian calendar (weekday, month length and day
/// distances all come from `Calendar`), lists each day's local times, and converts each
/// with `Calendar.date(from:)` in the zone. For a local time that does not exist,
/// `date(from:)` returns the local time minus the offset before the gap (Berlin 02:30 →
/// 03:30 CEST), even for Pacific/Apia's skipped 2011-12-30, and for a repeated one the
/// first instant: exactly DESIGN point 4, so no corner needed special handling. Then,
/// as DESIGN asks, instants that coincide are kept once (preferring a local time that
/// exists) and everything is sorted by instant.
struct ReferenceExpander {
    let schedule: Schedule
    let zone: TimeZone

    func occurrences(after: Date, before: Date) -> [Occurrence] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "GMT")!
        var zoned = Calendar(identifier: .gregorian)
        zoned.timeZone = zone
        let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]

        func localDate(_ instant: Date) -> Date {
            let parts = zoned.dateComponents([.year, .month, .day], from: instant)
            return utc.date(from: parts)!
        }
        func dayDate(_ date: LocalDate) -> Date {
            utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
        }

        // Count from the start; otherwise look a little around the range, wide enough
        // for any shift.
        var day = localDate(after.addingTimeInterval(-2 * 86_400))
        if let start = schedule.start {
            if case .count = schedule.end { day = dayDate(start.date) } else { day = max(day, dayDate(start.date)) }
        }
        let lastDay = localDate(before.addingTimeInterval(2 * 86_400))
        var counted = 0
        var byInstant: [Date: (local: LocalDateTime, exists: Bool)] = [:]

        dayLoop: while day <= lastDay {
            let parts = utc.dateComponents([.year, .month, .day, .weekday], from: day)
            let date = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
            for time in times(on: day, parts, utc) {
                let local = LocalDateTime(date: date, time: time)
                if let start = schedule.start, local < start { continue }
                switch schedule.end {
                case .until(let until) where local > until: break dayLoop
                case .count(let count) where counted == count: break dayLoop
                default: break
                }
                counted += 1
                let instant = zoned.date(from: DateComponents(year: date.year, month: date.month, day: date.day,
                                                              hour: time.hour, minute: time.minute, second: time.second))!
                let shown = zoned.dateComponents(fields, from: instant)
                let exists = shown.year == date.year && shown.month == date.month && shown.day == date.day
                    && shown.hour == time.hour && shown.minute == time.minute && shown.second == time.second
                guard instant > after, instant < before else { continue }
                if byInstant[instant].map({ !$0.exists && exists }) ?? true { byInstant[instant] = (local, exists) }
            }
            day = utc.date(byAdding: .day, value: 1, to: day)!
        }
        return byInstant.map { Occurrence(local: $0.value.local, date: $0.key) }.sorted()
    }

    /// The local times of the schedule on `day`, ascending.
    private func times(on day: Date, _ parts: DateComponents, _ utc: Calendar) -> [LocalTime] {
        let weekday = Weekday(rawValue: parts.weekday!)!
        switch schedule.recurrence {
        case .once(let local):
            return local.date == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!) ? [local.time] : []
        case .daily(let times):
            return times
        case .weekly(let weekdays, let times):
            return weekdays.contains(weekday) ? times : []
        case .everyNDays(let interval, let anchor, let times):
            let anchorDate = utc.date(from: DateComponents(year: anchor.year, month: anchor.month, day: anchor.day))!
            let distance = utc.dateComponents([.day], from: anchorDate, to: day).day!
            return distance % interval == 0 ? times : []
        case .minuteInterval(let minutes, let window, let weekdays):
            guard weekdays.contains(weekday) else { return [] }
            return Array(stride(from: window.start.secondsSinceMidnight, to: window.end.secondsSinceMidnight, by: minutes * 60))
                .map { LocalTime(secondsSinceMidnight: $0) }
        case .monthly(let days, let times):
            let length = utc.range(of: .day, in: .month, for: day)!.count
            return days.contains { ($0 > 0 ? $0 : length + 1 + $0) == parts.day! } ? times : []
        case .rule:
            preconditionFailure("rules are checked against Calendar.RecurrenceRule in RecurrenceRuleReferenceTests")
        }
    }
}
