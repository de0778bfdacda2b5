import Foundation

extension Engine {
    /// Starts a walking route (seed 001): any session in progress is replaced, with
    /// its visits and its completion, and route notifications not delivered yet are
    /// withdrawn by the run this asks for.
    ///
    /// The texts of its notifications are the source's (``ReminderSource/routeMessages(for:)``),
    /// else the session's own; they are kept with the session. A source that fails is
    /// logged and the session's own are used.
    ///
    /// - Throws: ``DeclarationError`` when the session is not valid (the texts included:
    ///   a placeholder other than those of ``RouteMessages``); the store's error.
    @discardableResult
    public func startRoute(_ session: RouteSession) async throws -> ReconcileReport {
        let session = await session.withMessages(from: source, logger: logger)
        let report = try await handled(.routeStarted(session))
        logger.debug("route started", metadata: ["route": "\(session.id)", "waypoints": "\(session.waypoints.count)"])
        return report
    }

    /// Ends the route in progress: its visits and completion are forgotten, and its
    /// notifications not delivered yet are withdrawn.
    @discardableResult
    public func stopRoute() async throws -> ReconcileReport {
        try await handled(.routeStopped)
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
        let outcome = try await record(.position(position))
        RouteProgressLog.log(outcome.routeChanges, to: logger)
        return await reconcile(reasons: [outcome.reason], routeChanges: outcome.routeChanges)
    }

    /// The report of a position that needs no run (``LastRegionChoice/moved(to:stateVersion:day:zone:reading:now:)``),
    /// `nil` when one is needed: only the position is recorded, and the report
    /// (``LastRegionChoice/answer(_:reading:settingBadgeOn:)``) gives the last plan with
    /// the choice made from here. A walk of 10,000 positions costs 10,000 of these, not 10,000 plans.
    private func reportWithoutPlanning(at position: Coordinate) async throws -> ReconcileReport? {
        guard position.isValid, memory.lastRegionChoice != nil else { return nil }
        let reading = await LastRegionChoice.CenterReading(of: center)
        guard currentRun == nil, var last = memory.lastRegionChoice?.moved(
            to: position, stateVersion: stateVersion, day: day(of: clock.now), zone: clock.timeZone,
            reading: reading, now: clock.now) else { return nil }
        // It reaches no waypoint: the step records only the position (what its full
        // step records then), with no suspension before the commit.
        try commit(EngineStep.recording(position))
        last.stateVersion = stateVersion
        memory.lastRegionChoice = last
        return await last.answer(position, reading: reading, settingBadgeOn: center)
    }

    /// The app's own switch for route notifications (on unless turned off).
    public func setRouteNotificationsEnabled(_ enabled: Bool) async throws {
        try await record(.routeNotifications(enabled: enabled))
    }

    /// The route in progress: its visits and completion, each with whether its
    /// notification was sent or why not; `nil` when no route is in progress.
    public func routeSession() throws -> RouteSessionState? {
        // The runs' own read (two days of history), which a store may keep: a later
        // cutoff would make it drop the history the next run reads again.
        try recentState().routeSession
    }
}
