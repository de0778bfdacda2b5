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

extension LastRegionChoice {
    /// This choice moved to `position`, when that needs no run: nothing but positions
    /// changed since (the same state version, day and zone, the center holding as
    /// many requests, none delivered, and allowing the same, with the same settings),
    /// the position reaches no waypoint, and the nearest places are the ones watched.
    /// `nil` when a run is needed.
    ///
    /// ```swift
    /// if let moved = last.moved(to: here, stateVersion: version, day: today, zone: zone, pending: 12,
    ///                           authorization: .authorized, settings: settings, now: now) { ... }
    /// ```
    func moved(to position: Coordinate, stateVersion: Int, day: LocalDate, zone: TimeZone, pending: Int,
               authorization: AuthorizationStatus, settings: NotificationSettings, now: Date) -> LastRegionChoice? {
        guard self.stateVersion == stateVersion, self.zone == zone, self.day == day, self.pending == pending,
              self.authorization == authorization, self.settings == settings else { return nil }
        if let route, !route.progress(to: position, at: now, suppression: nil).isEmpty { return nil }
        let regions = plan.regions.chosen(from: position)
        guard Set(regions.watched.map(\.identifier)) == Set(plan.regions.watched.map(\.identifier)) else { return nil }
        var moved = self
        moved.plan.regions = regions
        return moved
    }
}
