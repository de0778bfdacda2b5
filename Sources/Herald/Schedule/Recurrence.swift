/// The typed shapes of a reminder's repetition. Build them through ``Schedule``'s
/// factories, which validate them.
public enum Recurrence: Hashable, Sendable, Codable {
    /// Once, at a local date and time.
    case once(LocalDateTime)
    /// Every day at the given times.
    case daily(times: [LocalTime])
    /// On the chosen weekdays at the given times.
    case weekly(weekdays: Set<Weekday>, times: [LocalTime])
    /// Every `interval` days counted from `anchor`, at the given times. The anchor sets
    /// the phase only: days before it that are in step match too, unless the schedule's
    /// `start` excludes them. An interval of 1 is normalised to ``daily(times:)``.
    case everyNDays(interval: Int, anchor: LocalDate, times: [LocalTime])
    /// Every `minutes` minutes inside a daily window, on the chosen weekdays; each day
    /// starts again at the window's start.
    case minuteInterval(minutes: Int, window: Schedule.DailyWindow, weekdays: Set<Weekday>)
    /// On days of the month at the given times; negative days count from the month's
    /// end (-1 is the last day). Months without the day are skipped.
    case monthly(days: [Int], times: [LocalTime])
    /// Every other calendar rule RFC 5545 can say: every N weeks, the nth weekday of
    /// the month, set positions, yearly rules, every N hours; see ``RecurrenceRule``.
    case rule(RecurrenceRule)
}
