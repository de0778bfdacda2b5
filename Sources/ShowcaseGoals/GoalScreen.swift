import Herald

/// What the goal tracker's UI shows for a notification response (seed 000's sheet).
///
/// ```swift
/// switch router.screen(for: route) {
/// case .dataEntry(let goal, let question): showDataEntry(goal, question)
/// case .pausedPlaceholder(let title): showPaused(title)   // "Reading Goal is paused"
/// case .missingPlaceholder: showMissing()
/// case .unchanged: break                                  // unusable payload, logged
/// }
/// ```
public enum GoalScreen: Hashable, Sendable {
    /// Data entry for an active goal, at the question the notification named (`nil`
    /// when it named none, or one the goal no longer has).
    case dataEntry(goalID: String, questionID: String?)
    /// The goal exists but is paused: its title and how to resume it.
    case pausedPlaceholder(title: String)
    /// The goal no longer exists.
    case missingPlaceholder
    /// The payload was unusable: nothing opens, Herald logged the reason.
    case unchanged(HeraldPayload.InvalidReason)
}
