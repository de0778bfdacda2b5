import Foundation

/// What the engine records of deliveries: the fired log, and the route notifications
/// handed over and delivered.
extension Engine {
    /// Records in the route session the notifications the center accepted: from now
    /// on they are never planned again, even if the user clears them before a run
    /// sees them delivered.
    func recordRouteHandOver(of added: [NotificationRequest], failed: [String], in route: RouteSessionState) {
        let failed = Set(failed)
        let handed = added.compactMap { request -> NotificationIdentifier? in
            guard !failed.contains(request.identifier), let identifier = request.heraldIdentifier,
                  route.owns(identifier) else { return nil }
            return identifier
        }
        do {
            try commit(handed.map { .recordRouteDelivered(session: route.sessionKey, $0) })
        } catch {
            logger.error("recording route notifications as sent failed; a later run may send them again",
                         metadata: ["error": "\(error)"])
        }
    }

    /// The route session, after recording in it the notifications of the session the
    /// fired log has, so they are never planned again once the log's history is older
    /// than what runs read; with the fired log planning reads and the location firings
    /// (``RunFiredLog``), from the same one pass over the log.
    func routeRecordingDeliveries(_ state: EngineState) throws -> (route: RouteSessionState?, log: RunFiredLog) {
        let log = RunFiredLog(state, route: state.routeSession)
        guard var session = state.routeSession else { return (nil, log) }
        try commit(log.unrecorded.map { .recordRouteDelivered(session: session.sessionKey, $0) })
        for identifier in log.unrecorded { session.apply(delivered: identifier, key: session.sessionKey) }
        return (session, log)
    }

    /// How far back planning and responses read history: two days.
    static let historyWindow: TimeInterval = 2 * 86_400

    /// The state with the history planning and responses need: the last two days.
    /// Reading it costs the same after a year as on the first day.
    func recentState() throws -> EngineState {
        try store.load(since: clock.now.addingTimeInterval(-Self.historyWindow))
    }

    /// The recent state, after recording in the fired log every delivered Herald
    /// notification not yet in it (delivered while the app was not running, or in the
    /// background since the last run), so no plan ever schedules again what the user
    /// already got.
    func stateRecordingDeliveries(_ delivered: [DeliveredNotification]) throws -> EngineState {
        let now = clock.now
        // What the last run saw is recorded; only the rest of the list needs a look.
        let unseen = delivered[deliveredLedger.commonPrefix(with: delivered)...]
            .filter { !recordedDeliveries.contains(DeliveryStamp($0)) }
        let since = min(now.addingTimeInterval(-Self.historyWindow), unseen.map(\.date).min() ?? now)
        var state = try store.load(since: since)
        var changes: [EngineStateChange] = []
        for notification in unseen {
            // A repeating request's delivery is logged as the occurrence it stands for.
            // A group's delivery is logged for each of its members too, and each
            // member's story tells it.
            let identifiers = notification.firedIdentifiers(deviceZone: clock.timeZone)
            guard let identifier = identifiers.first else { continue }
            for fired in identifiers {
                history.recordDelivery(of: fired, request: notification.request.identifier, at: notification.date)
                let record = FiredRecord(identifier: fired, date: notification.date)
                if state.fired[record.key] == nil { changes.append(.recordFired(record)) }
            }
            // A posted event is delivered once from its post on (``post(_:)`` records
            // what was delivered before it). Its delivery comes before the post's
            // instant only when the clock was set back in between: the post is then
            // dated at its delivery, so the planner, which compares the two, sees it
            // delivered and never schedules it again.
            if var event = state.postedEvents[identifier], event.postedAt > notification.date {
                event.postedAt = notification.date
                changes.append(.postEvent(event))
            }
        }
        if !changes.isEmpty {
            try commit(changes)
            for change in changes { state.apply(change) }
        }
        // Known to be in the log from now on: later runs skip them without a look-up.
        for notification in unseen { recordedDeliveries.insert(DeliveryStamp(notification)) }
        if recordedDeliveries.count > 4 * max(delivered.count, 64) {
            recordedDeliveries = Set(delivered.map(DeliveryStamp.init))
        }
        return state
    }

    /// A delivered notification's request identifier and instant: what tells two
    /// deliveries apart without parsing the identifier.
    struct DeliveryStamp: Hashable {
        var identifier: String
        var date: Date

        init(_ notification: DeliveredNotification) {
            identifier = notification.request.identifier
            date = notification.date
        }
    }
}
