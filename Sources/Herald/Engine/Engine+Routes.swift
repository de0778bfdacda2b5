import Foundation

extension Engine {
    /// The key of the app's route-notification setting in ``EngineState/settings``.
    public static let routeNotificationsSetting = "herald.routeNotifications"

    /// Starts a walking route (seed 001): any session in progress is replaced, with
    /// its visits and its completion, and route notifications not delivered yet are
    /// withdrawn by the run this asks for.
    ///
    /// - Throws: ``DeclarationError`` when the session is not valid; the store's error.
    @discardableResult
    public func startRoute(_ session: RouteSession) async throws -> ReconcileReport {
        try session.validate()
        try commit([.startRoute(RouteSessionState(session: session, startedAt: clock.now))])
        logger.debug("route started", metadata: ["route": "\(session.id)", "waypoints": "\(session.waypoints.count)"])
        return await reconcile(reason: .other("route started \(session.id)"))
    }

    /// Ends the route in progress: its visits and completion are forgotten, and its
    /// notifications not delivered yet are withdrawn.
    @discardableResult
    public func stopRoute() async throws -> ReconcileReport {
        try commit([.stopRoute])
        return await reconcile(reason: .other("route stopped"))
    }

    /// The device is at `position`: every waypoint of the route in progress within its
    /// proximity threshold is reached (one spot notification each) and, when that was
    /// the last one, the route is complete (one completion notification per session,
    /// whatever arrives later). Visits and the completion are committed in one
    /// transaction before the run that sends them, so a crash loses neither and sends
    /// neither twice.
    ///
    /// While the app's route setting is off (``setRouteNotificationsEnabled(_:)``) or
    /// Herald is not authorized, visits and the completion are still recorded, with
    /// the reason their notification was not sent (``routeSession()``); they are not
    /// sent later.
    @discardableResult
    public func positionChanged(_ position: Coordinate) async throws -> ReconcileReport {
        if let report = try await reportWithoutPlanning(at: position) { return report }
        let status = await center.authorizationStatus()
        // Read and committed with no suspension in between: two positions cannot both
        // complete the route.
        let state = try recentState()
        let moved: [EngineStateChange] = position.isValid ? [.setSetting(key: EngineState.positionSetting, position.json)] : []
        guard let session = state.routeSession else {
            try commit(moved)
            return await reconcile(reason: .other("position"))
        }
        let suppression: RouteSuppression? = if state.settings[Self.routeNotificationsSetting] == .bool(false) {
            .notificationsOff
        } else if !status.allowsDelivery {
            .notAuthorized(status)
        } else {
            nil
        }
        let changes = session.progress(to: position, at: clock.now, suppression: suppression)
        try commit(moved + changes)
        guard !changes.isEmpty else { return await reconcile(reason: .other("position")) }
        for change in changes {
            if case .recordRouteVisit(_, let visit) = change {
                logger.debug("waypoint reached", metadata: [
                    "route": "\(session.session.id)", "waypoint": "\(visit.waypointID)", "outcome": "\(visit.outcome)",
                ])
            } else if case .completeRoute(_, let completion) = change {
                logger.debug("route complete", metadata: [
                    "route": "\(session.session.id)", "visited": "\(completion.summary.visitedCount)",
                    "outcome": "\(completion.outcome)",
                ])
            }
        }
        return await reconcile(reasons: [.other("waypoint reached")], routeChanges: changes)
    }

    /// The report of a position that changes nothing a plan depends on, without a run:
    /// since the last run nothing but positions changed (same state, day and zone, no
    /// run in progress, the center holding as many requests, none delivered, and
    /// allowing the same), the position reaches no waypoint, and the nearest places are
    /// the ones watched. Only the position is recorded; the report gives the last plan
    /// with the choice made from here. `nil` when a run is needed. A walk of 10,000
    /// positions costs 10,000 of these, not 10,000 plans.
    private func reportWithoutPlanning(at position: Coordinate) async throws -> ReconcileReport? {
        guard position.isValid, lastRegionChoice != nil else { return nil }
        let pending = await center.pendingNotificationRequests().count
        let authorization = await center.authorizationStatus()
        guard currentRun == nil, var last = lastRegionChoice, last.stateVersion == stateVersion,
              last.zone == clock.timeZone, last.day == day(of: clock.now), last.pending == pending,
              last.authorization == authorization else { return nil }
        if let route = last.route, !route.progress(to: position, at: clock.now, suppression: nil).isEmpty { return nil }
        let regions = last.plan.regions.chosen(from: position)
        guard Set(regions.watched.map(\.identifier)) == Set(last.plan.regions.watched.map(\.identifier)) else { return nil }
        try commit([.setSetting(key: EngineState.positionSetting, position.json)])
        last.plan.regions = regions
        last.stateVersion = stateVersion
        lastRegionChoice = last
        let report = ReconcileReport(reasons: [.other("position")], plan: last.plan, outcome: ReconcileOutcome(),
                                     badgeSet: nil, failure: nil)
        await publish(report)
        return report
    }

    /// The app's own switch for route notifications (on unless turned off).
    public func setRouteNotificationsEnabled(_ enabled: Bool) throws {
        try commit([.setSetting(key: Self.routeNotificationsSetting, enabled ? nil : .bool(false))])
    }

    /// The route in progress: its visits and completion, each with whether its
    /// notification was sent or why not; `nil` when no route is in progress.
    public func routeSession() throws -> RouteSessionState? {
        try store.load(since: clock.now).routeSession
    }
}
