import Foundation

extension Engine {
    /// Posts an app-triggered notification. It is kept in Herald's store and scheduled
    /// by the run this asks for, in the reserve: ahead of reminders and behind snoozes
    /// (see `Planner`). It carries no badge and is recorded in the fired log when
    /// delivered. Posting the same identifier again replaces it.
    ///
    /// - Throws: ``DeclarationError`` when the event is not valid (see
    ///   ``ImmediateEvent/validate()``); ``EngineError`` (`reserveFull`) when posted
    ///   events and snoozes waiting to fire fill the reserve already; the store's error
    ///   when it cannot keep the event.
    @discardableResult
    public func post(_ event: ImmediateEvent) async throws -> ReconcileReport {
        let outcome = try await record(.posted(event))
        logger.debug("event posted", metadata: ["identifier": "\(event.identifier)"])
        return await reconcile(reasons: [outcome.reason], routeChanges: [])
    }
}
