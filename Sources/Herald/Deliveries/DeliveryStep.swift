import Foundation

/// What a run records of the deliveries the center lists: the fired log (the route's
/// notifications handed over and delivered are ``RouteDeliveryStep``'s).
///
/// A pure step: every delivered Herald notification not yet in the fired log
/// (delivered while the app was not running, or in the background since the last run)
/// is recorded, so no plan ever schedules again what the user already got.
///
/// ```swift
/// let unseen = recorded.unseen(in: delivered, from: ledger.commonPrefix(with: delivered))
/// var state = try store.load(since: DeliveryStep.readSince(unseen, now: now, window: window))
/// let step = DeliveryStep.recording(unseen, state: state, deviceZone: zone)
/// for change in step.changes { state.apply(change) }
/// ```
enum DeliveryStep {
    /// One occurrence a delivery showed, for the history (``OccurrenceHistory/recordDelivery(of:request:at:)``).
    struct Shown {
        var identifier: NotificationIdentifier
        var request: String
        var date: Date
    }

    /// How far back the state must be read for `unseen`: the history window, or the
    /// earliest unseen delivery when it is older.
    static func readSince(_ unseen: [DeliveredNotification], now: Date, window: TimeInterval) -> Date {
        min(now.addingTimeInterval(-window), unseen.map(\.date).min() ?? now)
    }

    /// The changes that record `unseen` in the fired log of `state`, and the occurrences
    /// they showed.
    static func recording(_ unseen: [DeliveredNotification], state: EngineState, deviceZone: TimeZone)
        -> (changes: [EngineStateChange], shown: [Shown]) {
        var changes: [EngineStateChange] = []
        var shown: [Shown] = []
        for notification in unseen {
            // A repeating request's delivery is logged as the occurrence it stands for.
            // A group's delivery is logged for each of its members too, and each
            // member's story tells it.
            let identifiers = notification.firedIdentifiers(deviceZone: deviceZone)
            guard let identifier = identifiers.first else { continue }
            for fired in identifiers {
                shown.append(Shown(identifier: fired, request: notification.request.identifier, date: notification.date))
                let record = FiredRecord(identifier: fired, date: notification.date)
                if state.fired[record.key] == nil { changes.append(.recordFired(record)) }
            }
            // A posted event is delivered once from its post on (``Engine/post(_:)`` records
            // what was delivered before it). Its delivery comes before the post's
            // instant only when the clock was set back in between: the post is then
            // dated at its delivery, so the planner, which compares the two, sees it
            // delivered and never schedules it again.
            if var event = state.postedEvents[identifier], event.postedAt > notification.date {
                event.postedAt = notification.date
                changes.append(.postEvent(event))
            }
        }
        return (changes, shown)
    }
}
