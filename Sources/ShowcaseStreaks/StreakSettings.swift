import Herald

/// The user's streak-reminder settings. Herald's smart timing may move
/// ``reminderTime``; it never switches ``remindersEnabled`` or ``smartTimingEnabled`` on.
public struct StreakSettings: Hashable, Sendable {
    /// Whether the daily streak reminder is on.
    public var remindersEnabled: Bool
    /// Whether the reminder time follows when the user usually plays.
    public var smartTimingEnabled: Bool
    public var reminderTime: LocalTime

    public init(remindersEnabled: Bool = true, smartTimingEnabled: Bool = false,
                reminderTime: LocalTime = LocalTime(hour: 19)) {
        self.remindersEnabled = remindersEnabled
        self.smartTimingEnabled = smartTimingEnabled
        self.reminderTime = reminderTime
    }
}
