import Foundation

/// An alarm the plan wants the system to hold: one occurrence at a fixed instant, or
/// every occurrence of a rule at one time of day on a weekly schedule.
///
/// ```swift
/// for alarm in plan.alarms {
///     print(alarm.identifier, alarm.schedule)   // habit/pills/morning/2026-11-25T08:00/reminder fixed …
/// }
/// ```
package struct PlannedAlarm: Hashable, Sendable {
    /// The reminder it stands for: the occurrence of a fixed alarm, the first occurrence
    /// of a weekly one (with its ``PlannedReminder/repeating`` slot). Its content comes
    /// from the app's source, as a notification's would.
    public var reminder: PlannedReminder
    /// When it sounds.
    public var schedule: AlarmSchedule

    public init(reminder: PlannedReminder, schedule: AlarmSchedule) {
        self.reminder = reminder
        self.schedule = schedule
    }

    /// Herald's identity of the alarm: the occurrence's, or the weekly slot's.
    public var identifier: NotificationIdentifier { reminder.identifier }

    /// The system's id for the alarm (``AlarmRequest/id(for:)``).
    public var id: UUID { AlarmRequest.id(for: identifier) }

    /// When it sounds first.
    public var firstDate: Date { reminder.date }
}
