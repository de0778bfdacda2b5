import Foundation
@testable import Herald

/// The occurrences of a ``RecurrenceRule`` schedule computed by Foundation: the rule's
/// local date-times by `Calendar.RecurrenceRule` in a UTC calendar (the wall clock,
/// where no time is skipped or repeated), each converted to an instant by
/// `Calendar.date(from:)` in the zone, which applies DESIGN point 4 (a nonexistent
/// local time shifted by the gap, a repeated one at its first instant); instants that
/// coincide are kept once, preferring a local time that exists.
///
/// Why not `Calendar.RecurrenceRule` in the zone directly: for hourly and minutely
/// rules it steps absolute time, so a fall-back hour fires twice (01:30 EDT and 01:30
/// EST) and after a spring-forward gap the grid moves (every 40 minutes from 00:30:
/// 01:50 EST, then 03:30 EDT instead of 03:10), which is not Herald's documented rule.
///
/// Where swift-foundation is wrong on this toolchain, this model does the part itself:
/// - `setPositions` (BYSETPOS) returns wrong days (the "last weekday of January 2026"
///   is the 7th) and repeats; nth weekdays are wrong too (the last Wednesday of May
///   2026 comes out as the 20th, not the 27th; a yearly rule on the first Monday of
///   February, March and October skips February and March), and a monthly rule with
///   months and weekdays keeps only the first week. For rules with set positions or
///   nth weekdays, Foundation lists the candidate days as a daily rule with the
///   months, days of the month and weekdays as limits (which it gets right), and this
///   model keeps the periods in step, the nth weekdays (asking `Calendar` for the
///   day's place in its month) and the set positions.
/// - monthly rules with an interval over 1 and several days of the month lose most
///   occurrences (every 4 months from September on 24 and 30 September 2026: only the
///   first period's), and yearly rules with negative days of the month keep only a
///   few (days -7, -1 and 31 of January, June, July and October: 3 in a year, not
///   20): those go through the same daily candidates.
/// - a negative day of the month beyond the month's length (-31 in February) gives
///   the 1st of the next month, and yearly rules with every-weekdays in a month keep
///   only the first: ``RandomRule`` does not generate those (hand-checked in
///   ``RecurrenceRuleTests``).
struct CalendarRuleReference {
    let schedule: Schedule
    let rule: RecurrenceRule
    let zone: TimeZone

    init(schedule: Schedule, zone: TimeZone) {
        guard case .rule(let rule) = schedule.recurrence else { preconditionFailure("not a rule") }
        self.schedule = schedule
        self.rule = rule
        self.zone = zone
    }

    func occurrences(after: Date, before: Date) -> [Occurrence] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "GMT")!
        utc.firstWeekday = rule.weekStart.rawValue
        var zoned = Calendar(identifier: .gregorian)
        zoned.timeZone = zone
        let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
        func wallDate(_ local: LocalDateTime) -> Date { Date(timeIntervalSince1970: TimeInterval(local.wallSeconds)) }
        // Every wall time that can fire before `before` is at most a day and a bit later.
        let lastWall = before.addingTimeInterval(2 * 86_400)

        let usesPositions = !rule.setPositions.isEmpty || rule.weekdays.contains { $0.ordinal != nil }
            || ([.monthly, .yearly].contains(rule.frequency) && (rule.interval > 1 || rule.monthDays.contains { $0 < 0 }))
        var reference = usesPositions ? candidateDays(utc) : foundationRule(utc)
        if !usesPositions {
            switch schedule.end {
            case .count(let count): reference.end = .afterOccurrences(count)
            case .until(let until): reference.end = .afterDate(wallDate(until))
            case nil: break
            }
        }
        // With set positions, start at the anchor's period so that each period is whole.
        let from = usesPositions ? periodStart(of: wallDate(schedule.start!), utc) : wallDate(schedule.start!)
        var walls: [Date] = []
        // A period cut short would move its negative positions: walk a year further.
        let walkLimit = usesPositions ? lastWall.addingTimeInterval(400 * 86_400) : lastWall
        for wall in reference.recurrences(of: from) {
            if wall > walkLimit { break }
            // Foundation sometimes repeats a date (seen with set positions); it never
            // goes back, so a repeat or a step back ends the walk rather than loop.
            if let last = walls.last, wall <= last { break }
            walls.append(wall)
            if walls.count > 400_000 { break }
        }
        if usesPositions {
            let anchorPeriod = periodStart(of: wallDate(schedule.start!), utc)
            walls = applyingPositions(walls, anchorPeriod: anchorPeriod, utc).filter { $0 >= wallDate(schedule.start!) }
            switch schedule.end {
            case .count(let count): walls = Array(walls.prefix(count))
            case .until(let until): walls = walls.filter { $0 <= wallDate(until) }
            case nil: break
            }
        }

        var byInstant: [Date: (local: LocalDateTime, exists: Bool)] = [:]
        for wall in walls {
            let parts = utc.dateComponents(fields, from: wall)
            let local = LocalDateTime(date: LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                                      time: LocalTime(hour: parts.hour!, minute: parts.minute!, second: parts.second!))
            let instant = zoned.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour,
                                                          minute: parts.minute, second: parts.second))!
            let shown = zoned.dateComponents(fields, from: instant)
            let exists = (shown.year, shown.month, shown.day, shown.hour, shown.minute, shown.second)
                == (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second)
            guard instant > after, instant < before else { continue }
            // EXDATE, which Foundation's rule does not know: before instants are shared.
            guard !schedule.excludedTimes.contains(local), !schedule.excludedDates.contains(local.date) else { continue }
            if byInstant[instant].map({ !$0.exists && exists }) ?? true { byInstant[instant] = (local, exists) }
        }
        return byInstant.map { Occurrence(local: $0.value.local, date: $0.key) }.sorted()
    }

    private func foundationRule(_ calendar: Calendar) -> Calendar.RecurrenceRule {
        let frequency: Calendar.RecurrenceRule.Frequency = switch rule.frequency {
        case .minutely: .minutely
        case .hourly: .hourly
        case .daily: .daily
        case .weekly: .weekly
        case .monthly: .monthly
        case .yearly: .yearly
        }
        let localeWeekdays: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        var reference = Calendar.RecurrenceRule(calendar: calendar, frequency: frequency, interval: rule.interval,
                                                matchingPolicy: .strict, repeatedTimePolicy: .first)
        reference.months = rule.months.map { Calendar.RecurrenceRule.Month($0) }
        reference.daysOfTheMonth = rule.monthDays
        reference.weekdays = rule.weekdays.map { entry in
            let day = localeWeekdays[entry.weekday.rawValue - 1]
            return entry.ordinal.map { .nth($0, day) } ?? .every(day)
        }
        if rule.isSubDaily {
            reference.hours = rule.hours
            reference.minutes = rule.minutes
        } else {
            reference.hours = Array(Set(rule.times.map(\.hour))).sorted()
            reference.minutes = Array(Set(rule.times.map(\.minute))).sorted()
            reference.seconds = Array(Set(rule.times.map(\.second))).sorted()
        }
        return reference
    }

    private func periodStart(of wall: Date, _ calendar: Calendar) -> Date {
        let component: Calendar.Component = switch rule.frequency {
        case .weekly: .weekOfYear
        case .monthly: .month
        case .yearly: .year
        default: .day
        }
        return calendar.dateInterval(of: component, for: wall)!.start
    }

    /// The rule as a daily one over the candidate days: its months, days of the month
    /// and weekdays (ordinals dropped) as limits, which Foundation gets right; the
    /// periods, ordinals and positions are applied by ``applyingPositions(_:anchorPeriod:_:)``.
    private func candidateDays(_ calendar: Calendar) -> Calendar.RecurrenceRule {
        var reference = foundationRule(calendar)
        reference.frequency = .daily
        reference.interval = 1
        let everyDay = Set(reference.weekdays.map { weekday -> Locale.Weekday in
            switch weekday {
            case .every(let day), .nth(_, let day): day
            @unknown default: fatalError()
            }
        })
        reference.weekdays = [Locale.Weekday.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
            .filter(everyDay.contains).map { .every($0) }
        return reference
    }

    /// Groups the candidate walls by period, keeps the periods in step with the anchor's,
    /// the days that are the nth of their weekday (in the month, or the year for a
    /// yearly rule without months), then the members at the set positions.
    private func applyingPositions(_ walls: [Date], anchorPeriod: Date, _ calendar: Calendar) -> [Date] {
        let unit: Calendar.Component = switch rule.frequency {
        case .weekly: .weekOfYear
        case .monthly: .month
        case .yearly: .year
        default: .day
        }
        var periods: [Date: [Date]] = [:]
        for wall in walls { periods[periodStart(of: wall, calendar), default: []].append(wall) }
        var kept: Set<Date> = []
        for (start, members) in periods {
            let distance = calendar.dateComponents([unit], from: anchorPeriod, to: start).value(for: unit)!
            guard distance % rule.interval == 0 else { continue }
            var sorted = members.sorted().filter { isNthWeekday($0, calendar) }
            if !rule.setPositions.isEmpty {
                sorted = rule.setPositions.compactMap { position in
                    let index = position > 0 ? position - 1 : sorted.count + position
                    return sorted.indices.contains(index) ? sorted[index] : nil
                }
            }
            kept.formUnion(sorted)
        }
        return kept.sorted()
    }

    /// Whether the wall's day is one of the rule's weekdays with an ordinal counted in
    /// its month (or year), asked of `Calendar`; days of weekdays without one pass.
    private func isNthWeekday(_ wall: Date, _ calendar: Calendar) -> Bool {
        guard rule.weekdays.contains(where: { $0.ordinal != nil }) else { return true }
        let parts = calendar.dateComponents([.weekday, .day, .dayOfYear], from: wall)
        let entries = rule.weekdays.filter { $0.weekday.rawValue == parts.weekday! }
        if entries.contains(where: { $0.ordinal == nil }) { return true }
        let inYear = rule.frequency == .yearly && rule.months.isEmpty
        let span: Calendar.Component = inYear ? .year : .month
        let length = calendar.range(of: .day, in: span, for: wall)!.count
        let position = inYear ? parts.dayOfYear! : parts.day!
        let fromStart = (position - 1) / 7 + 1, fromEnd = -((length - position) / 7 + 1)
        return entries.contains { $0.ordinal == fromStart || $0.ordinal == fromEnd }
    }
}
