import Foundation

/// What Herald did about a response when it arrived (see `ResponseStep`), reported on
/// the ``ResponseHandoff`` the app receives.
public enum ActionEffect: Hashable, Sendable, Codable {
    /// Nothing beyond recording that the user acted.
    case none
    /// Recorded a completion for the day.
    case completed(LocalDate)
    /// Scheduled a snooze that fires at this instant.
    case snoozed(until: Date)
    /// No more reminders of the entity that day.
    case deferredToTomorrow(LocalDate)
    /// "Done all" on a group (``PlannedGroup``): each member's entity completed for its
    /// occurrence's day, in the group's order.
    case completedAll([EngineState.EntityDay])
}
