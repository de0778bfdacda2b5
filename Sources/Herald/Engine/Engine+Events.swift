import Foundation

extension Engine {
    /// Posts an app-triggered notification. It is kept in Herald's store and scheduled
    /// by the run this asks for, in the reserve: ahead of reminders and behind snoozes
    /// (see ``Planner``). It carries no badge and is recorded in the fired log when
    /// delivered. Posting the same identifier again replaces it.
    ///
    /// - Throws: ``DeclarationError`` when the event is not valid (see
    ///   ``ImmediateEvent/validate()``); ``EngineError`` (`reserveFull`) when posted
    ///   events and snoozes waiting to fire fill the reserve already; the store's error
    ///   when it cannot keep the event.
    @discardableResult
    public func post(_ event: ImmediateEvent) async throws -> ReconcileReport {
        try event.validate()
        let identifier = event.identifier
        // What was delivered before this post is in the fired log first: a delivery
        // recorded from now on is this post's.
        _ = try stateRecordingDeliveries(await center.deliveredNotifications())
        let now = clock.now
        // Checked and committed with no suspension in between: two posts cannot both
        // take the last slot.
        let state = try recentState()
        let waiting = state.postedEvents.values.count { $0.identifier != identifier && $0.fireDate >= now }
            + state.snoozes.values.count { $0.until > now }
        guard waiting < planner.configuration.reserve else {
            throw EngineError.reserveFull(planner.configuration.reserve, event: identifier)
        }
        let fireDate = event.delay == 0 ? now : Date(timeIntervalSince1970: (now.timeIntervalSince1970 + event.delay).rounded(.up))
        try commit([.postEvent(PostedEvent(identifier: identifier, content: event.content, fireDate: fireDate, postedAt: now))])
        logger.debug("event posted", metadata: ["identifier": "\(identifier)"])
        return await reconcile(reason: .eventPosted(identifier))
    }
}
