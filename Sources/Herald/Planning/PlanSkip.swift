/// An occurrence the plan left out because it is already satisfied, not for lack of
/// room.
public struct PlanSkip: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// The entity was completed, or deferred to tomorrow, for the occurrence's day.
        case satisfied
        /// The occurrence was snoozed: its snooze request stands in for it.
        case snoozed
        /// The occurrence was delivered already (the clock was set back past it).
        case alreadyFired
    }

    public var rule: ReminderRule.ID
    public var occurrence: Occurrence
    public var reason: Reason
}
