import Foundation

/// What a response does, as pure functions the engine calls: decoding it, the effect
/// of its action (completion, snooze, deferral, follow-up withdrawal) and the state
/// change that records it; then, once the app is ready, the route it leads to.
///
/// Built-in actions take effect when the response arrives (``received(_:decoding:sequence:state:now:deviceZone:categories:)``),
/// also in a background launch where the app's interface never comes; only handing
/// the route to the app waits for it to be ready (``handoff(for:decoding:resolution:categories:)``).
///
/// ```swift
/// let decoding = ResponseDecoder().decode(response)
/// let step = ResponseStep.received(response, decoding: decoding, sequence: 1, state: state, now: now,
///                                  deviceZone: zone, categories: categories)
/// try store.commit(step.changes)        // queued, acknowledged, and the action's effect
/// // later, when the app is ready:
/// let route = ResponseStep.handoff(for: queued, resolution: await responder.resolve(entity))
/// ```
package enum ResponseStep {
    /// A response as received: what to commit, and what it did.
    public struct Received: Hashable, Sendable {
        /// The changes to commit together: the queued response (carrying its effect),
        /// the acknowledgement, the fired record, and the action's state change. Empty
        /// for a response that was queued or handled already.
        public var changes: [EngineStateChange]
        /// What Herald did about it.
        public var effect: ActionEffect
        /// What the chosen action means.
        public var action: HeraldAction
        /// The decoded payload, or why it is invalid.
        public var decoding: PayloadDecoding
        /// Whether the same response (same ``NotificationResponse/responseID``) arrived before.
        public var isDuplicate: Bool
    }

    /// The effect of a response that just arrived, as state changes; pure.
    ///
    /// A built-in action (complete, snooze, remind tomorrow) on a valid payload takes
    /// effect now, for the device-local day of the occurrence (``OccurrenceDay``),
    /// unless Herald knows the entity is paused or was deleted since the notification
    /// was delivered. A snooze ends on a whole second. Every valid response
    /// acknowledges its occurrence, which withdraws its follow-up; a response to the
    /// route's completion takes it out of the badge.
    public static func received(
        _ response: NotificationResponse, decoding: PayloadDecoding, sequence: Int, state: EngineState, now: Date,
        deviceZone: TimeZone, categories: CategoryRegistry
    ) -> Received {
        let action = action(of: response, in: categories)
        let id = response.responseID
        if state.handledResponses[id] != nil || state.queuedResponses.contains(where: { $0.id == id }) {
            return Received(changes: [], effect: .none, action: action, decoding: decoding, isDuplicate: true)
        }
        if case .valid(let payload) = decoding, payload.identifier.kind == .group {
            return receivedGroup(response, payload: payload, action: action, decoding: decoding, sequence: sequence,
                                 state: state, now: now, deviceZone: deviceZone)
        }
        var changes: [EngineStateChange] = []
        changes.reserveCapacity(4) // the queued response, the delivery, its acknowledgement, the action's effect
        var effect = ActionEffect.none
        // The user may act on a notification before any run saw it in the list.
        if let identifier = response.notification.heraldIdentifier(deviceZone: deviceZone) {
            changes.append(.recordFired(FiredRecord(identifier: identifier, date: response.notification.date)))
        }
        if case .valid(var payload) = decoding {
            // A repeating request stands for the occurrence of the day it was delivered on.
            if payload.identifier.isRepeating {
                payload.identifier = payload.identifier.occurrence(
                    deliveredAt: response.notification.date,
                    in: payload.occurrenceZone.flatMap(TimeZone.init(identifier:)) ?? deviceZone)
            }
            let entity = payload.entity
            let original = payload.identifier.original
            changes.append(.acknowledge(original, at: now))
            // Opened or dismissed: the route's completion no longer counts toward the badge.
            if let route = state.routeSession, route.completionIdentifier == payload.identifier {
                changes.append(.acknowledgeRouteCompletion(session: route.sessionKey, at: now))
            }
            let deliveredAt = response.notification.date
            let gone = state.paused.contains(entity) || (state.deletions[entity].map { $0 >= deliveredAt } ?? false)
            if !gone {
                let day = payload.occurrenceDay(deviceZone: deviceZone)
                    ?? ZoneConverter.for(deviceZone).local(for: deliveredAt).date
                switch action {
                case .complete:
                    changes.append(.recordCompletion(Completion(entity: entity, day: day, date: now)))
                    effect = .completed(day)
                case .snooze(let seconds):
                    let until = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + seconds).rounded(.up))
                    changes.append(.snooze(SnoozeRecord(original: original, until: until)))
                    effect = .snoozed(until: until)
                case .remindTomorrow:
                    changes.append(.deferDay(EntityDay(entity, day)))
                    effect = .deferredToTomorrow(day)
                case .open, .dismiss, .textInput, .custom:
                    break
                }
            }
        }
        changes.insert(.enqueueResponse(QueuedResponse(
            response: response, receivedAt: now, sequence: sequence, effect: effect)), at: 0)
        return Received(changes: changes, effect: effect, action: action, decoding: decoding, isDuplicate: false)
    }

    /// The route a queued response leads to, once the app said what its entity is
    /// (`nil` for an invalid payload, which needs no resolution); pure.
    public static func handoff(for queued: QueuedResponse, decoding: PayloadDecoding, resolution: EntityResolution?,
                             categories: CategoryRegistry) -> ResponseHandoff {
        let response = queued.response
        let destination: ResponseHandoff.Destination
        var payload: HeraldPayload?
        switch (decoding, resolution) {
        case (.invalid(let reason), _):
            destination = .invalid(reason)
        case (.valid(let valid), _) where valid.identifier.kind == .group:
            payload = valid
            var seen: Set<EntityReference> = []
            destination = .list(valid.members.map(\.identifier.entity).filter { seen.insert($0).inserted })
        case (.valid(let valid), let resolution):
            payload = valid
            switch resolution ?? .missing {
            case .ready(let title): destination = .ready(valid.entity, title: title)
            case .inactive(let title): destination = .inactive(valid.entity, title: title)
            case .missing: destination = .missing(valid.entity)
            }
        }
        return ResponseHandoff(
            destination: destination, action: action(of: response, in: categories),
            actionIdentifier: response.actionIdentifier, text: response.userText, payload: payload,
            notification: response.notification, effect: queued.effect, receivedAt: queued.receivedAt,
            routeWalk: payload.flatMap(ResponseHandoff.RouteWalkDestination.init))
    }

    /// What the response's action means, from the category its notification carries.
    public static func action(of response: NotificationResponse, in categories: CategoryRegistry) -> HeraldAction {
        let identifier = response.notification.request.content.categoryIdentifier
        let category = categories[identifier] ?? (identifier == ReminderCategory.group.identifier ? .group : nil)
        return category?.action(for: response.actionIdentifier)
            ?? ReminderCategory(identifier: "", actions: []).action(for: response.actionIdentifier)
    }
}
