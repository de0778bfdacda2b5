import Foundation

/// A schedule's parts, as the kinds of ``ScheduleAdaptation`` rewrite them one after
/// the other before ``schedule(or:)`` makes a ``Schedule`` of them again.
///
/// ```swift
/// var draft = ScheduleDraft(try .daily(at: [LocalTime(hour: 9)]))
/// draft.excludedDates.insert(LocalDate(year: 2026, month: 12, day: 24))
/// let schedule = draft.schedule(or: declared)
/// ```
struct ScheduleDraft {
    var recurrence: Recurrence
    var timeZone: TimeZone?
    var start: LocalDateTime?
    var end: Schedule.End?
    var excludedDates: Set<LocalDate>
    var excludedTimes: Set<LocalDateTime>
    var extraTimes: Set<LocalDateTime>

    init(_ schedule: Schedule) {
        recurrence = schedule.recurrence
        timeZone = schedule.timeZone
        start = schedule.start
        end = schedule.end
        excludedDates = schedule.excludedDates
        excludedTimes = schedule.excludedTimes
        extraTimes = schedule.extraTimes
    }

    /// The draft as a schedule; `fallback` when its parts do not validate (a kind only
    /// builds valid parts, so this is a guard, not a path).
    func schedule(or fallback: Schedule) -> Schedule {
        (try? Schedule(recurrence, timeZone: timeZone, start: start, end: end, excludedDates: excludedDates,
                       excludedTimes: excludedTimes, extraTimes: extraTimes)) ?? fallback
    }

    /// Leaves out the times the clocks skip whose instant is that of a time left out.
    ///
    /// A skipped time (02:30 on the night summer time starts, a day a zone skips) fires
    /// at the later wall time it shares an instant with, and a schedule keeps one
    /// occurrence per instant: leaving out the later one (a vacation day, a time on pace)
    /// would bring the skipped one back, at the instant left out.
    mutating func leavingOutSkippedTimes(in window: AdaptationWindow, fallback: Schedule) {
        guard window.clocksSkip, !excludedTimes.isEmpty || !excludedDates.isEmpty else { return }
        for _ in 0..<3 {
            let back = occurrences(in: window.days, converter: window.converter, fallback: fallback).values.joined()
                .filter { local in
                    guard !window.converter.instant(for: local).exists else { return false }
                    let instant = window.converter.instant(for: local).date
                    let wall = window.converter.local(for: instant)
                    return excludedTimes.contains(wall) || excludedDates.contains(wall.date)
                }
            if back.isEmpty { return }
            excludedTimes.formUnion(back)
        }
    }

    /// The draft's local occurrences on each of `days`, earliest first (days without
    /// one are left out).
    func occurrences(in days: ClosedRange<LocalDate>, converter: ZoneConverter, fallback: Schedule)
        -> [LocalDate: [LocalDateTime]] {
        schedule(or: fallback).localOccurrences(in: days, converter: converter)
    }
}

extension Schedule {
    /// The local occurrences on each of `days`, earliest first (days without one are
    /// left out).
    ///
    /// ```swift
    /// let byDay = try Schedule.daily(at: [LocalTime(hour: 9)]).localOccurrences(in: monday...sunday, converter: berlin)
    /// byDay[monday]   // [2026-11-23T09:00]
    /// ```
    func localOccurrences(in days: ClosedRange<LocalDate>, converter: ZoneConverter) -> [LocalDate: [LocalDateTime]] {
        let from = converter.instant(for: LocalDateTime(date: days.lowerBound, time: LocalTime(hour: 0))).date
        let to = converter.instant(for: LocalDateTime(date: days.upperBound.adding(days: 1), time: LocalTime(hour: 0))).date
        var byDay: [LocalDate: [LocalDateTime]] = [:]
        for occurrence in occurrences(after: from.addingTimeInterval(-1), before: to, using: converter)
        where days.contains(occurrence.local.date) {
            byDay[occurrence.local.date, default: []].append(occurrence.local)
        }
        return byDay
    }

    /// Whether `local` is one of the schedule's occurrences.
    func hasOccurrence(at local: LocalDateTime, converter: ZoneConverter) -> Bool {
        let instant = converter.instant(for: local).date
        return occurrences(after: instant.addingTimeInterval(-3 * 3600), before: instant.addingTimeInterval(3 * 3600),
                           using: converter).contains { $0.local == local }
    }
}
