import Foundation

/// One repeating calendar trigger of a rule that Herald covers with repeating triggers:
/// a time of day, and a weekday for a weekly rule.
///
/// A rule daily at 09:00 and 21:00 has two slots; weekly on Monday and Thursday at
/// 18:00, two (`MO 18:00`, `TH 18:00`); weekly on every day of the week counts as daily.
/// Each slot is one pending request whose trigger matches hour, minute and second (and
/// weekday) and repeats.
///
/// ```swift
/// let slots = RepeatingSlot.slots(of: try Schedule.daily(at: [LocalTime(hour: 9)]).recurrence)
/// slots?.first?.trigger(timeZone: nil)   // CalendarTrigger(hour: 9, minute: 0, second: 0, repeats: true)
/// slots?.first?.occurrenceKey            // "every-0900"
/// ```
package struct RepeatingSlot: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The weekday it matches, or `nil` for every day.
    public var weekday: Weekday?
    public var time: LocalTime

    public init(weekday: Weekday? = nil, time: LocalTime) {
        self.weekday = weekday
        self.time = time
    }

    /// The slots of a recurrence whose occurrences are exactly the matches of repeating
    /// calendar triggers: daily at times, or weekly on weekdays at times; `nil` for
    /// any other recurrence.
    public static func slots(of recurrence: Recurrence) -> [RepeatingSlot]? {
        switch recurrence {
        case .daily(let times):
            return times.map { RepeatingSlot(time: $0) }
        case .weekly(let weekdays, let times) where weekdays == Weekday.everyDay:
            return times.map { RepeatingSlot(time: $0) }
        case .weekly(let weekdays, let times):
            return weekdays.sorted().flatMap { day in times.map { RepeatingSlot(weekday: day, time: $0) } }
        default:
            return nil
        }
    }

    /// The occurrence key of its request (``OccurrenceKey/repeating(_:weekday:)``).
    public var occurrenceKey: OccurrenceKey { .repeating(time, weekday: weekday) }

    /// The repeating trigger: hour, minute, second (and weekday), read in `timeZone`, or
    /// in the device's zone when `nil`.
    public func trigger(timeZone: TimeZone?) -> CalendarTrigger {
        CalendarTrigger(hour: time.hour, minute: time.minute, second: time.second, weekday: weekday?.rawValue,
                        repeats: true, timeZone: timeZone)
    }

    /// Whether the slot fires on a local date.
    public func matches(_ date: LocalDate) -> Bool { weekday.map { date.weekday == $0 } ?? true }

    public static func < (lhs: RepeatingSlot, rhs: RepeatingSlot) -> Bool {
        ((lhs.weekday?.rawValue ?? 0), lhs.time) < ((rhs.weekday?.rawValue ?? 0), rhs.time)
    }

    public var description: String { weekday.map { "\($0.rfc5545Code) \(time)" } ?? "\(time)" }
}
