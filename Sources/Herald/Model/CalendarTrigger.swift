import Foundation

/// Fires when the device's clock matches a set of date components, mirroring
/// `UNCalendarNotificationTrigger`.
///
/// Components left `nil` match any value; with `repeats`, the trigger fires at every
/// match, otherwise at the first one. The components are read in ``timeZone`` when it
/// is set (a pinned instant), or in the device's current zone (a floating wall-clock
/// time that follows the user when they travel).
///
/// ```swift
/// // Every day at 08:30 local time.
/// let trigger = CalendarTrigger(hour: 8, minute: 30, repeats: true)
/// ```
public struct CalendarTrigger: Hashable, Sendable, Codable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    /// 1 is Sunday, 7 is Saturday, as in `Calendar`.
    public var weekday: Int?
    public var repeats: Bool
    /// The zone the components are read in; `nil` floats with the device's zone.
    public var timeZone: TimeZone?

    public init(
        year: Int? = nil, month: Int? = nil, day: Int? = nil,
        hour: Int? = nil, minute: Int? = nil, second: Int? = nil,
        weekday: Int? = nil, repeats: Bool = false, timeZone: TimeZone? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
        self.repeats = repeats
        self.timeZone = timeZone
    }

    /// A one-shot trigger for a local date and time.
    public init(at local: LocalDateTime, timeZone: TimeZone? = nil) {
        self.init(
            year: local.date.year, month: local.date.month, day: local.date.day,
            hour: local.time.hour, minute: local.time.minute, second: local.time.second,
            repeats: false, timeZone: timeZone
        )
    }

    /// The date components in Foundation's form, for `Calendar` matching.
    public var dateComponents: DateComponents {
        DateComponents(
            timeZone: timeZone, year: year, month: month, day: day,
            hour: hour, minute: minute, second: second, weekday: weekday
        )
    }

    /// The local date and time when every component down to the minute is set.
    public var localDateTime: LocalDateTime? {
        guard let year, let month, let day, let hour, let minute, weekday == nil else { return nil }
        return LocalDateTime(
            date: LocalDate(year: year, month: month, day: day),
            time: LocalTime(hour: hour, minute: minute, second: second ?? 0)
        )
    }
}
