/// A due occurrence the plan did not schedule, and why.
package struct PlanCut: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// The budget was full with sooner (or, at the same instant, higher-priority)
        /// occurrences. It will be scheduled by a later plan as earlier ones fire.
        case overBudget
        /// It fitted the reminders' budget, but snoozes and posted events outgrew the
        /// reserve and took its slot; it comes back once they have fired.
        case displaced
        /// It asks for an alarm, and the alarm channel was full with sooner ones
        /// (``AlarmChannel/capacity``): a later plan schedules it as they sound.
        case alarmLimitReached
    }

    public var rule: ReminderRule.ID
    public var occurrence: Occurrence
    public var reason: Reason
}
