import Foundation

/// The location reminders' decisions in a run, pure functions of what it read: before
/// planning, the one-shot location requests the last run left pending that the center
/// no longer holds have fired; after applying, the requests the center holds now are
/// kept for the next run.
///
/// This is how Herald knows a location reminder fired without reading it back. iOS
/// never lists a notification fired by a location trigger in the delivered list
/// ("Notifications triggered by location cannot be retrieved, but can be removed"), so
/// Herald keeps, after each run, the location requests it left pending
/// (``EngineState/armedLocations``) and learns of a firing another way:
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
/// (``unlistedDeliveries(_:listed:removed:now:zone:)``, less those the engine's process
/// removed already): they count toward the badge while they still ask, and when they
/// stop asking the run removes them by identifier, which iOS allows. A run caused by
/// completing, pausing or deleting an entity also removes today's location
/// notifications of that entity that were armed, repeating ones included, whether or
/// not Herald learnt that they fired. Herald cannot see the user clear one from
/// Notification Center, so it counts it until then or until its day ends.
///
/// ```swift
/// let fired = LocationFiringStep.firings(pending: pending, authorization: .authorized,
///                                        capacity: 64, state: state, now: now)
/// let kept = LocationFiringStep.keeping(desired: desired, failed: outcome.failedAdds, previous: armed)
/// ```
enum LocationFiringStep {
    /// The fired records of the one-shot location requests in `state`'s
    /// ``EngineState/armedLocations`` that `pending` no longer lists, dated `now`. While
    /// the center is full a missing request may have been dropped instead, and while
    /// notifications are off the center hides its pending list: nothing then.
    static func firings(pending: [NotificationRequest], authorization: AuthorizationStatus, capacity: Int,
                        state: EngineState, now: Date) -> [EngineStateChange] {
        let armed = state.armedLocations.once
        guard !armed.isEmpty, authorization != .denied, pending.count < capacity else { return [] }
        let held = Set(pending.lazy.map(\.identifier))
        let fired = Set(state.fired.values.lazy.map(\.identifier))
        return armed.compactMap { text in
            guard !held.contains(text), let identifier = NotificationIdentifier(parsing: text),
                  identifier.kind == .location, !fired.contains(identifier) else { return nil }
            return .recordFired(FiredRecord(identifier: identifier, date: now))
        }
    }

    /// What a run keeps after applying its plan: the location requests it left pending
    /// (`desired` less those whose addition `failed`), one-shot and repeating, sorted;
    /// nothing when they are those kept already (`previous`).
    static func keeping(desired: [NotificationRequest], failed: [String], previous: ArmedLocations) -> [EngineStateChange] {
        let failed = Set(failed)
        var armed = ArmedLocations()
        for request in desired where !failed.contains(request.identifier) {
            guard case .location(_, let repeats)? = request.trigger else { continue }
            if repeats { armed.repeating.append(request.identifier) } else { armed.once.append(request.identifier) }
        }
        armed.once.sort()
        armed.repeating.sort()
        return armed == previous ? [] : [.setArmedLocations(armed)]
    }

    /// Today's location firings (`firings`: the fired log's location records) the
    /// delivered list does not show, as deliveries for planning to count and to remove
    /// once they stop asking; not those `removed` already (by identifier).
    static func unlistedDeliveries(_ firings: [FiredRecord], listed: [DeliveredNotification], removed: Set<String>,
                                   now: Date, zone: TimeZone) -> [DeliveredNotification] {
        guard !firings.isEmpty else { return [] }
        let converter = ZoneConverter.for(zone)
        let today = converter.local(for: now).date
        var records = firings.filter {
            converter.local(for: $0.date).date == today && !removed.contains($0.identifier.description)
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

    /// The armed location notifications of the entities a run's reasons completed today
    /// (the day of `now` in `zone`), paused or deleted: removed from the list whether or
    /// not Herald saw them fire.
    static func deliveriesEnded(by reasons: [EngineEvent], armed: ArmedLocations, now: Date,
                                zone: TimeZone) -> [String] {
        var today: LocalDate?
        var ended: Set<EntityReference> = []
        for reason in reasons {
            switch reason {
            case .completed(let completion):
                if today == nil { today = ZoneConverter.for(zone).local(for: now).date }
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
