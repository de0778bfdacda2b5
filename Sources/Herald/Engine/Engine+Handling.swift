import Foundation

extension Engine {
    /// Tells Herald about an app event: the one way in, which every method of the
    /// engine's (``completed(_:on:at:)``, ``paused(_:)``, ``deleted(_:)``, ...) goes
    /// through. What the event records is decided by ``EngineStep`` and committed in
    /// one transaction; then the run it asks for re-plans.
    ///
    /// ```swift
    /// try await engine.handle(.paused(habit))
    /// try await engine.handle(.replacedAll(namespace: "habit", remaining: Set(imported.map(\.reference))))
    /// ```
    ///
    /// - Returns: the report of the run that followed; `nil` for an event that asks
    ///   for none (``EngineEvent/asksForRun``).
    /// - Throws: what ``EngineStep/outcome(of:given:)`` throws for the event, or the
    ///   store's error; nothing is recorded then.
    @discardableResult
    package func handle(_ event: EngineEvent) async throws -> ReconcileReport? {
        switch event {
        case .position(let position), .waypointReached(let position):
            return try await positionChanged(position)
        case .response(let response):
            return await received(response)
        case .presented(let notification):
            _ = await willPresent(notification)
            return nil
        case .launch:
            return await launched()
        case .foreground:
            return await becameActive()
        case .authorizationGranted:
            await categories.registerIfAuthorized(on: center)
        default:
            break
        }
        let outcome = try await record(event)
        guard event.asksForRun else { return nil }
        return await reconcile(reasons: [outcome.reason], routeChanges: outcome.routeChanges)
    }

    /// Records an event without re-planning, through the same step as ``handle(_:)``:
    /// for code that runs while the app does not (a sync, a widget, a scenario's
    /// "app not running" edits), whose changes the next launch plans from.
    ///
    /// ```swift
    /// let offline = Engine(center: center, source: source, store: store, clock: clock)
    /// try await offline.record(.deleted([oldHabit]))    // the next launch removes its notifications
    /// ```
    @discardableResult
    package func record(_ event: EngineEvent) async throws -> EngineStep.Outcome {
        let needs = EngineStep.needs(of: event)
        // The center is read first; the state is read and the changes committed with no
        // suspension in between, so two events cannot both decide from the same state
        // (two posts taking the last slot, two positions completing the route).
        let delivered = needs.contains(.delivered) ? await center.deliveredNotifications() : []
        let pending = needs.contains(.pending) ? await center.pendingNotificationRequests() : []
        let authorization = needs.contains(.authorization) ? await center.authorizationStatus() : .notDetermined
        if case .posted = event {
            // What was delivered before this post is in the fired log first: a delivery
            // recorded from now on is this post's.
            _ = try stateRecordingDeliveries(delivered)
        }
        let state = needs.contains(.wholeState) ? try store.load()
            : needs.contains(.recentState) ? try recentState() : EngineState()
        var inputs = EngineStep.Inputs(
            now: clock.now, deviceZone: clock.timeZone, state: state, delivered: delivered, pending: pending,
            authorization: authorization, reserve: planner.configuration.reserve, retention: retention,
            categories: categories, sync: sync)
        if case .response(let response) = event { inputs.decoding = responseDecoder.decode(response) }
        let outcome = try EngineStep.outcome(of: event, given: inputs)
        try commit(outcome.changes)
        return outcome
    }

    /// ``record(_:)`` for an event whose run goes ahead even when recording fails (a
    /// launch whose history could not be trimmed still plans): the failure is logged.
    @discardableResult
    func recordLoggingFailure(_ event: EngineEvent) async -> EngineStep.Outcome? {
        do {
            return try await record(event)
        } catch {
            logger.warning("recording an event failed", metadata: ["event": "\(event)", "error": "\(error)"])
            return nil
        }
    }
}
