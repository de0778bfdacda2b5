/// Why Herald scheduled a notification.
public enum NotificationKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A planned occurrence of a reminder rule.
    case reminder
    /// A reminder the user snoozed, scheduled again.
    case snooze
    /// A second nudge when a reminder was not acted on in time.
    case followUp = "followup"
    /// An immediate, app-triggered notification (achievement unlocked, result imported).
    case event
    /// A reminder triggered by entering or leaving a region.
    case location
    /// One notification standing for several reminders: those deferred to the end of
    /// the quiet hours, or due together (``PlannedGroup``).
    case group
    /// The notification armed a few minutes after an alarm, one rung down its rule's
    /// urgency ladder, in case the alarm never sounds or nobody answers it
    /// (`PlannedAlarm`, <doc:UrgencyAndAlarms>); withdrawn once the alarm is stopped or snoozed.
    case backstop
}
