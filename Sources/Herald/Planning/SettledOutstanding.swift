import Foundation

/// The occurrences that delivered notifications of one day count toward the badge
/// (``OutstandingNotifications/count(on:)``), kept by the engine for the notifications
/// whose verdict is settled, so a run need not hand the planner every one of them.
/// Each occurrence is held with how many delivered notifications count it (a reminder
/// and its follow-up count one occurrence).
///
/// ```swift
/// var settled = SettledOutstanding(day: today)
/// settled.add(water)          // a delivered reminder that still asks
/// settled.add(water)          // its follow-up: the same occurrence
/// settled.count               // 1
/// settled.remove(water)
/// settled.contains(water)     // true: the follow-up still counts it
/// ```
package struct SettledOutstanding: Sendable, Equatable {
    /// The day the occurrences are outstanding on (`nil`: none).
    public var day: LocalDate?
    /// How many settled notifications count each occurrence.
    private var notifications: [NotificationIdentifier: Int] = [:]

    public init(day: LocalDate? = nil) {
        self.day = day
    }

    /// How many distinct occurrences are counted.
    public var count: Int { notifications.count }

    /// Whether a settled notification counts `occurrence`.
    public func contains(_ occurrence: NotificationIdentifier) -> Bool {
        notifications[occurrence] != nil
    }

    /// One more settled notification counts `occurrence`.
    public mutating func add(_ occurrence: NotificationIdentifier) {
        notifications[occurrence, default: 0] += 1
    }

    /// One settled notification that counted `occurrence` no longer does.
    public mutating func remove(_ occurrence: NotificationIdentifier) {
        guard let held = notifications[occurrence] else { return }
        notifications[occurrence] = held > 1 ? held - 1 : nil
    }
}
