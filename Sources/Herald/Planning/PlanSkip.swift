/// An occurrence the plan left out because it is already satisfied, not for lack of
/// room.
public struct PlanSkip: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// The entity was completed for the occurrence's day.
        case completed
    }

    public var rule: ReminderRule.ID
    public var occurrence: Occurrence
    public var reason: Reason
}
