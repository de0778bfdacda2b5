import Foundation

extension Engine {
    /// Posts an app-triggered notification. It takes a reserve slot, never a planned
    /// reminder's, carries no badge, and is recorded in the fired log when delivered.
    ///
    /// - Throws: ``EngineError`` when the reserve is full or the delay is invalid, or
    ///   the center's error when it refuses the request.
    public func post(_ event: ImmediateEvent) async throws {
        let identifier = event.identifier
        guard event.delay >= 0, event.delay.isFinite else {
            throw EngineError.invalidEvent(identifier, "delay \(event.delay) must be zero or more seconds")
        }
        let reserveKinds: Set<NotificationKind> = [.snooze, .followUp, .event]
        let inReserve = await center.pendingNotificationRequests().count { request in
            guard let pending = request.heraldIdentifier else { return false }
            return reserveKinds.contains(pending.kind) && pending != identifier
        }
        guard inReserve < planner.configuration.reserve else {
            throw EngineError.reserveFull(planner.configuration.reserve, event: identifier)
        }
        var content = event.content
        content.badge = nil
        content.userInfo = HeraldPayload(identifier: identifier).userInfo(merging: content.userInfo)
        let trigger: NotificationTrigger? = event.delay == 0 ? nil : .timeInterval(event.delay, repeats: false)
        try await center.add(NotificationRequest(identifier: identifier.description, content: content, trigger: trigger))
        logger.debug("event posted", metadata: ["identifier": "\(identifier)"])
    }
}
