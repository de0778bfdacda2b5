import Foundation

/// Whether and when the system runs the background refresh the scenario's app asks
/// for: the `background_refresh` key of a scenario.
///
/// After its launch, each return to the foreground and each background refresh, the
/// app submits a refresh request as `BackgroundRefresh` (HeraldUserNotifications) does:
/// its earliest begin date from the plan, by the default ``Herald/PlannerConfiguration.RefreshPolicy``. iOS
/// promises no time for a `BGAppRefreshTask` (the date is a lower bound; it may run
/// hours late, or never), so the simulator is never kinder than that: by default it
/// runs none, and when asked it runs the request at that date or later, never sooner.
///
/// ```yaml
/// background_refresh: never             # the default: only explicit refresh events
/// background_refresh: at_earliest       # at the requested earliest begin date
/// background_refresh: {after_minutes: 120}   # two hours after it
/// ```
package enum ScenarioBackgroundRefresh: Hashable, Sendable {
    /// The system never runs the app's requests; only `refresh` events refresh.
    case never
    /// The system runs each request at its earliest begin date: the kindest iOS can be.
    case atEarliest
    /// The system runs each request this many seconds after its earliest begin date.
    case after(TimeInterval)

    /// When the system runs a request whose earliest begin date is `earliest` (`nil`: never).
    package func runDate(forEarliest earliest: Date) -> Date? {
        switch self {
        case .never: nil
        case .atEarliest: earliest
        case .after(let delay): earliest.addingTimeInterval(delay)
        }
    }
}
