import Foundation

/// The last run's plan and the route it saw, kept while nothing but positions changed
/// since (the state's version, the day and the zone, the center's pending requests,
/// delivered list, authorization and settings): a position that reaches no waypoint,
/// leaves the nearest places as they were and stays inside each region whose arrive
/// request the run kept as the center held it is answered from it, without a run
/// (``Engine/positionChanged(_:)``).
///
/// A cache of ``RunMemory``: set by every run that nothing changed under, dropped when a
/// run's state moved while it applied, moved along by each position it answers, and
/// empty after a relaunch. Measured in "10,000 positions of a walk" (Benchmarks/LOG.md,
/// 2026-11-24): 30–39 s before (every position planned), 55 ms median after with the
/// in-memory store, 474 ms with SQLite in memory. Proved by
/// `LastRegionChoicePropertyTests.aPositionAnsweredFromTheLastPlanMatchesAFullRun` and
/// `LastRegionChoicePropertyTests.aPositionWithRepeatingAndUntoldRequestsMatchesAFullRun`.
/// A position it answers sets the badge again, as a run does: a delivery nothing lists
/// (a repeating location request while location deliveries are hidden) changes it.
///
/// ```swift
/// lastRegionChoice = LastRegionChoice(plan: plan, route: route, stateVersion: stateVersion,
///                                     day: day(of: clock.now), zone: clock.timeZone,
///                                     pending: pendingAfter, delivered: DeliveredMark(delivered),
///                                     heldInFlight: held, authorization: authorization, settings: settings)
/// ```
struct LastRegionChoice {
    var plan: Plan
    /// The route session in progress, as the plan saw it.
    var route: RouteSessionState?
    /// The engine's state version the plan is valid for.
    var stateVersion: Int
    var day: LocalDate
    var zone: TimeZone
    /// The identifiers of the requests the center held: a one-shot request delivered,
    /// or another app's added or removed, reads otherwise.
    var pending: Set<String>
    /// The delivered list the center showed: a delivery, even of a request that stays
    /// pending (a repeating one), reads otherwise.
    var delivered: DeliveredMark
    /// The regions of arrive requests the run kept as the center held them, their entry
    /// maybe in flight (``LocationCrossingInFlight``): a position outside one would not
    /// keep it, so it needs a run.
    var heldInFlight: [LocationRegion]
    var authorization: AuthorizationStatus
    /// Which of alert, sound and badge the user allowed: badges turned back on need a run.
    var settings: NotificationSettings

    /// What tells a delivered list from the one a run left, as deliveries are appended:
    /// how many it holds and its last entry (a request delivered again, in place of its
    /// earlier delivery, has a later date). Two reads of the center, no walk of the list.
    struct DeliveredMark: Equatable {
        var count: Int
        var last: DeliveredLedger.Stamp?

        init(_ delivered: some BidirectionalCollection<DeliveredNotification>) {
            count = delivered.count
            last = delivered.last.map { DeliveredLedger.Stamp(identifier: $0.request.identifier, date: $0.date) }
        }
    }
}

extension LastRegionChoice {
    /// This choice moved to `position`, when that needs no run: nothing but positions
    /// changed since (the same state version, day and zone, the center holding the same
    /// requests and delivered list, and allowing the same, with the same settings), the
    /// position reaches no waypoint, stays inside every region in ``heldInFlight``, and
    /// the nearest places are the ones watched. `nil` when a run is needed.
    ///
    /// ```swift
    /// if let moved = last.moved(to: here, stateVersion: version, day: today, zone: zone, pending: pending,
    ///                           delivered: DeliveredMark(delivered), authorization: .authorized,
    ///                           settings: settings, now: now) { ... }
    /// ```
    func moved(to position: Coordinate, stateVersion: Int, day: LocalDate, zone: TimeZone, pending: Set<String>,
               delivered: DeliveredMark, authorization: AuthorizationStatus, settings: NotificationSettings,
               now: Date) -> LastRegionChoice? {
        guard self.stateVersion == stateVersion, self.zone == zone, self.day == day, self.delivered == delivered,
              self.authorization == authorization, self.settings == settings, self.pending == pending else { return nil }
        guard heldInFlight.allSatisfy({ $0.contains(position) }) else { return nil }
        if let route, !route.progress(to: position, at: now, suppression: nil).isEmpty { return nil }
        let regions = plan.regions.chosen(from: position)
        guard Set(regions.watched.map(\.identifier)) == Set(plan.regions.watched.map(\.identifier)) else { return nil }
        var moved = self
        moved.plan.regions = regions
        return moved
    }
}
