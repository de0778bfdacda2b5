import Foundation

/// How Herald knows a location reminder fired without reading it back.
///
/// iOS never lists a notification fired by a location trigger in the delivered list
/// ("Notifications triggered by location cannot be retrieved, but can be removed"), so
/// Herald keeps, after each run, the location requests it left pending
/// (``EngineState/armedLocations``, ``LocationFiringStep``) and learns of a firing another way:
/// - a one-shot location request the last run left pending that the center no longer
///   holds has fired: Herald removes its own requests only in its runs. The firing is
///   dated at the run that notices it. While the center is full a missing request may
///   have been dropped instead, and while notifications are off the center hides its
///   pending list, so nothing is concluded then;
/// - a location reminder presented in the foreground, or responded to, is recorded like
///   any other notification.
///
/// Each firing is recorded once in the fired log, so the day's occurrence is never armed
/// again (no second alert). Planning counts today's location firings as delivered
/// (``unlistedLocationDeliveries(_:listed:)``): they count toward the badge while they
/// still ask, and when they stop asking the run removes them by identifier, which iOS
/// allows. A run caused by completing, pausing or deleting an entity also removes
/// today's location notifications of that entity that were armed, repeating ones
/// included, whether or not Herald learnt that they fired. Herald cannot see the user
/// clear one from Notification Center, so it counts it until then or until its day ends.
extension Engine {
    /// Today's location firings (`firings`: the fired log's location records) the
    /// delivered list does not show, as deliveries for planning to count and to remove
    /// once they stop asking; not those this process removed already.
    func unlistedLocationDeliveries(_ firings: [FiredRecord], listed: [DeliveredNotification]) -> [DeliveredNotification] {
        guard !firings.isEmpty else { return [] }
        let converter = ZoneConverter.for(clock.timeZone)
        let today = converter.local(for: clock.now).date
        var records = firings.filter {
            converter.local(for: $0.date).date == today
                && !removedLocationDeliveries.contains($0.identifier.description)
        }
        guard !records.isEmpty else { return [] }
        let shown = Set(listed.lazy.map(\.request.identifier))
        records.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        var seen: Set<NotificationIdentifier> = []
        return records.compactMap { record in
            let text = record.identifier.description
            guard !shown.contains(text), seen.insert(record.identifier).inserted else { return nil }
            return DeliveredNotification(
                request: NotificationRequest(identifier: text, content: NotificationContent(title: ""), trigger: nil),
                date: record.date)
        }
    }

    /// The armed location notifications of the entities a run's reasons completed today,
    /// paused or deleted: removed from the list whether or not Herald saw them fire.
    func locationDeliveriesEnded(by reasons: [EngineEvent], armed: ArmedLocations) -> [String] {
        var today: LocalDate?
        var ended: Set<EntityReference> = []
        for reason in reasons {
            switch reason {
            case .completed(let completion):
                if today == nil { today = day(of: clock.now) }
                if completion.day == today { ended.insert(completion.entity) }
            case .paused(let entity): ended.insert(entity)
            case .deleted(let entities): ended.formUnion(entities)
            default: break
            }
        }
        guard !ended.isEmpty else { return [] }
        return (armed.once + armed.repeating).filter { text in
            NotificationIdentifier(parsing: text).map { ended.contains($0.entity) } ?? false
        }
    }
}
