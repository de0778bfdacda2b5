import Foundation

/// The last run's plan and the route it saw, kept while nothing but positions changed
/// since (the state's version, the day and the zone, the center's pending requests and
/// authorization and settings): a position that reaches no
/// waypoint and leaves the nearest places as they were is answered from it, without a
/// run (``Engine/positionChanged(_:)``).
///
/// ```swift
/// lastRegionChoice = LastRegionChoice(plan: plan, route: route, stateVersion: stateVersion,
///                                     day: day(of: clock.now), zone: clock.timeZone,
///                                     pending: pending, authorization: authorization, settings: settings)
/// ```
struct LastRegionChoice {
    var plan: Plan
    /// The route session in progress, as the plan saw it.
    var route: RouteSessionState?
    /// The engine's state version the plan is valid for.
    var stateVersion: Int
    var day: LocalDate
    var zone: TimeZone
    /// How many requests the center held: one fewer means one was delivered.
    var pending: Int
    var authorization: AuthorizationStatus
    /// Which of alert, sound and badge the user allowed: badges turned back on need a run.
    var settings: NotificationSettings
}
