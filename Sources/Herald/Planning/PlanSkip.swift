/// An occurrence the plan left out because it is already satisfied (or the quiet hours
/// would carry it past its day), not for lack of room.
public struct PlanSkip: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// The entity was completed, or deferred to tomorrow, for the occurrence's day.
        case satisfied
        /// The occurrence was snoozed: its snooze request stands in for it.
        case snoozed
        /// The occurrence was delivered already (the clock was set back past it).
        case alreadyFired
        /// The quiet hours would defer it past the end of its device-local day (Monday
        /// 23:00 to Tuesday 07:00): shown then, it would be a reminder of a day that
        /// has ended, so it is dropped (``QuietHours/defersPastMidnight`` and
        /// ``ReminderRule/defersPastMidnight`` keep such deferrals).
        case pastDayEnd
    }

    public var rule: ReminderRule.ID
    public var occurrence: Occurrence
    public var reason: Reason
}
