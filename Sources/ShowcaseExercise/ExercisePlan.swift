import Foundation
import Herald

/// When the user wants exercise breaks: every few minutes inside a daily window, on
/// chosen weekdays, with one follow-up when a break goes unanswered.
///
/// ```swift
/// let plan = ExercisePlan(everyMinutes: 30, from: LocalTime(hour: 9), to: LocalTime(hour: 17),
///                         on: Weekday.workdays, followUpAfter: 600)
/// let rule = try plan.reminderRule()   // exercise/breaks, every 30 min, follow-up after 10 min
/// ```
public struct ExercisePlan: Hashable, Sendable {
    /// The Herald entity of exercise breaks.
    public static let entity = EntityReference(namespace: "exercise", id: "breaks")

    public var everyMinutes: Int
    public var start: LocalTime
    public var end: LocalTime
    public var weekdays: Set<Weekday>
    /// Seconds after an unanswered break before its one follow-up; `nil` for none.
    public var followUpAfter: TimeInterval?

    public init(everyMinutes: Int, from start: LocalTime, to end: LocalTime, on weekdays: Set<Weekday> = Weekday.everyDay,
                followUpAfter: TimeInterval? = nil) {
        self.everyMinutes = everyMinutes
        self.start = start
        self.end = end
        self.weekdays = weekdays
        self.followUpAfter = followUpAfter
    }

    /// The one rule of exercise breaks: time-sensitive, so a break reaches the user
    /// through a Focus or the scheduled summary (active where the user turned
    /// time-sensitive notifications off).
    public func reminderRule() throws -> ReminderRule {
        try ReminderRule(entity: Self.entity, id: "interval",
                     schedule: try .everyMinutes(everyMinutes, from: start, to: end, on: weekdays),
                     followUpAfter: followUpAfter)
            .urgent(.timeSensitive)
    }
}
