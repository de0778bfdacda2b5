import Foundation

/// The location reminders' decisions in a run, pure functions of what it read (see
/// ``Engine``'s overview of location firings): before planning, the one-shot location
/// requests the last run left pending that the center no longer holds have fired;
/// after applying, the requests the center holds now are kept for the next run.
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
}
