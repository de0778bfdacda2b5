import Foundation

/// What the engine records of deliveries: the fired log (the route's notifications
/// handed over and delivered are ``RouteDeliveryStep``'s).
extension Engine {
    /// How far back planning and responses read history: two days.
    static let historyWindow: TimeInterval = 2 * 86_400

    /// The state with the history planning and responses need: the last two days.
    /// Reading it costs the same after a year as on the first day.
    func recentState() throws -> EngineState {
        try store.load(since: clock.now.addingTimeInterval(-Self.historyWindow))
    }

    /// The recent state, with the changes that record in the fired log every delivered
    /// Herald notification not yet in it (delivered while the app was not running, or in
    /// the background since the last run), so no plan ever schedules again what the user
    /// already got; applied to the state, for the run to commit. Once committed, the
    /// run calls ``rememberRecorded(_:delivered:)`` with `unseen`.
    func stateRecordingDeliveries(_ delivered: [DeliveredNotification]) throws
        -> (state: EngineState, changes: [EngineStateChange], unseen: [DeliveredNotification]) {
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
        for change in changes { state.apply(change) }
        return (state, changes, Array(unseen))
    }

    /// Deliveries whose records the run committed: known to be in the log from now on,
    /// later runs skip them without a look-up.
    func rememberRecorded(_ unseen: [DeliveredNotification], delivered: [DeliveredNotification]) {
        for notification in unseen { recordedDeliveries.insert(DeliveryStamp(notification)) }
        if recordedDeliveries.count > 4 * max(delivered.count, 64) {
            recordedDeliveries = Set(delivered.map(DeliveryStamp.init))
        }
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
