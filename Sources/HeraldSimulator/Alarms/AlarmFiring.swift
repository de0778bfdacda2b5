import Foundation
import Herald

/// One time an alarm started sounding (the schedule came or a snooze ran out).
///
/// ```swift
/// await alarms.advance(to: eight)
/// let firing = await alarms.firings.last   // at 08:00, alertedThroughFocus: true if a Focus was on
/// ```
public struct AlarmFiring: Hashable, Sendable, Codable {
    /// The system's id of the alarm.
    public var id: UUID
    /// Herald's identifier the alarm was scheduled for.
    public var identifier: NotificationIdentifier
    /// When it started sounding.
    public var at: Date
    /// Whether a Focus or Silent mode was on: an alarm sounds through both.
    public var alertedThroughFocus: Bool
    /// Whether it sounded again after a snooze.
    public var afterSnooze: Bool

    public init(id: UUID, identifier: NotificationIdentifier, at: Date, alertedThroughFocus: Bool,
                afterSnooze: Bool = false) {
        self.id = id
        self.identifier = identifier
        self.at = at
        self.alertedThroughFocus = alertedThroughFocus
        self.afterSnooze = afterSnooze
    }
}
