/// When a notification request fires: the platform's trigger kinds.
///
/// ```swift
/// let daily: NotificationTrigger = .calendar(CalendarTrigger(hour: 9, minute: 0, repeats: true))
/// let snooze: NotificationTrigger = .timeInterval(300, repeats: false)
/// ```
public enum NotificationTrigger: Hashable, Sendable, Codable {
    /// Matches date components, like `UNCalendarNotificationTrigger`.
    case calendar(CalendarTrigger)
    /// Fires a number of seconds after it is added, like
    /// `UNTimeIntervalNotificationTrigger`; a repeating one needs at least 60 seconds.
    case timeInterval(Double, repeats: Bool)
    /// Fires on entering or leaving a region, like `UNLocationNotificationTrigger`.
    case location(LocationRegion, repeats: Bool)

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .calendar(let trigger): trigger.repeats
        case .timeInterval(_, let repeats), .location(_, let repeats): repeats
        }
    }
}
