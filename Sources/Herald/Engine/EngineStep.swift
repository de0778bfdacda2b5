import Foundation

/// What an app event records, as a pure function the engine calls: the one place the
/// decisions about an event are made (as ``ResponseStep`` is for responses).
///
/// The engine reads what the step needs (``needs(of:)``) from the center and its store,
/// takes the step, and commits its ``Outcome/changes`` in one transaction with no
/// suspension in between; then the run the event asks for names ``Outcome/reason``.
/// Code that records an event while the app is not running goes through the same step
/// (``Engine/record(_:)``), so the two cannot differ.
///
/// ```swift
/// let inputs = EngineStep.Inputs(now: now, deviceZone: zone, state: state, delivered: delivered)
/// let outcome = try EngineStep.outcome(of: .deleted([oldHabit]), given: inputs)
/// try store.commit(outcome.changes)     // forgotten, with its deletion instant
/// ```
package enum EngineStep {
    /// What a step reads besides the event.
    public struct Needs: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The center's delivered notifications.
        public static let delivered = Needs(rawValue: 1 << 0)
        /// The center's pending requests.
        public static let pending = Needs(rawValue: 1 << 1)
        /// Whether notifications are allowed.
        public static let authorization = Needs(rawValue: 1 << 2)
        /// Herald's state with the history of planning and responses (two days).
        public static let recentState = Needs(rawValue: 1 << 3)
        /// Herald's whole state, all its history.
        public static let wholeState = Needs(rawValue: 1 << 4)
    }

    /// Everything a step may read; only what ``needs(of:)`` names is filled in.
    public struct Inputs: Sendable {
        public var now: Date
        public var deviceZone: TimeZone
        public var state: EngineState
        public var delivered: [DeliveredNotification]
        public var pending: [NotificationRequest]
        public var authorization: AuthorizationStatus
        /// The planner's reserve: how many posted events and snoozes may wait at once.
        public var reserve: Int
        public var retention: RetentionPolicy
        public var categories: CategoryRegistry
        /// A response's payload, decoded (the engine's decoder logs what it cannot use);
        /// decoded here when `nil`.
        public var decoding: PayloadDecoding?
        /// This device among the user's devices (``HeraldSync``): what the user does
        /// here is queued for the others, and records from them are applied.
        public var sync: HeraldSync?

        public init(now: Date, deviceZone: TimeZone, state: EngineState = EngineState(),
                    delivered: [DeliveredNotification] = [], pending: [NotificationRequest] = [],
                    authorization: AuthorizationStatus = .notDetermined, reserve: Int = PlannerConfiguration().reserve,
                    retention: RetentionPolicy = .standard, categories: CategoryRegistry = .empty,
                    decoding: PayloadDecoding? = nil, sync: HeraldSync? = nil) {
            self.now = now
            self.deviceZone = deviceZone
            self.state = state
            self.delivered = delivered
            self.pending = pending
            self.authorization = authorization
            self.reserve = reserve
            self.retention = retention
            self.categories = categories
            self.decoding = decoding
            self.sync = sync
        }
    }

    /// What an event records and how its run is filed.
    public struct Outcome: Sendable {
        /// The changes to commit together.
        public var changes: [EngineStateChange]
        /// The reason the run names: the event, or what it turned out to be (a position
        /// that reached a waypoint is ``EngineEvent/waypointReached(_:)``).
        public var reason: EngineEvent
        /// The route visits and completion among ``changes``, in walking order.
        public var routeChanges: [EngineStateChange] = []
        /// How a notification that arrived in the foreground is shown
        /// (``EngineEvent/presented(_:)``).
        public var presentation: PresentationDecision?
        /// A response as received (``EngineEvent/response(_:)``).
        public var response: ResponseStep.Received?

        init(_ changes: [EngineStateChange], reason: EngineEvent) {
            self.changes = changes
            self.reason = reason
        }
    }

    /// What the step for `event` reads.
    public static func needs(of event: EngineEvent) -> Needs {
        switch event {
        case .deleted: [.delivered, .wholeState]
        case .replacedAll: [.delivered, .pending, .wholeState]
        case .posted: [.delivered, .recentState]
        case .position: [.authorization, .recentState]
        case .response, .travelChoice: [.recentState]
        case .syncReceived: [.wholeState]
        default: []
        }
    }

    /// The changes `event` records, and the reason its run names; pure.
    ///
    /// - Throws: ``DeclarationError`` when a posted event or a route session is not
    ///   valid; ``EngineError`` (`reserveFull`) when posted events and snoozes
    ///   waiting to fire fill the reserve already.
    public static func outcome(of event: EngineEvent, given inputs: Inputs) throws -> Outcome {
        var outcome = try recorded(event, given: inputs)
        // What the user did here, for the other devices (not what they did there).
        if let sync = inputs.sync, !event.isSyncReceived {
            outcome.changes += SyncStep.outgoing(for: outcome.changes, device: sync.device, at: inputs.now)
        }
        return outcome
    }

    /// What `event` records on this device.
    private static func recorded(_ event: EngineEvent, given inputs: Inputs) throws -> Outcome {
        let now = inputs.now
        switch event {
        case .launch, .timeChanged(.dayChanged):
            // History is trimmed at launch and at each day change, so an app that stays
            // alive for weeks stays bounded too.
            return Outcome([inputs.retention.pruneChange(now: now)], reason: event)
        case .foreground, .backgroundRefresh, .authorizationGranted, .timeChanged, .entityChanged,
             .remindersSwitched, .other:
            return Outcome([], reason: event)
        case .syncReceived(let records):
            return Outcome(SyncStep.incoming(records, given: inputs), reason: event)
        case .completed(let completion):
            return Outcome([.recordCompletion(completion)], reason: event)
        case .paused(let entity):
            return Outcome([.pause(entity)], reason: event)
        case .resumed(let entity):
            return Outcome([.resume(entity)], reason: event)
        case .deleted(let entities):
            return Outcome(forgetting(entities, inputs), reason: event)
        case .replacedAll(let namespace, let remaining, let paused):
            let gone = entitiesReplaced(in: namespace, remaining: remaining, inputs)
            return Outcome(forgetting(gone, inputs) + paused.sorted().map { .pause($0) }, reason: event)
        case .response(let response):
            return responseOutcome(response, inputs)
        case .presented(let notification):
            var outcome = Outcome(
                notification.firedIdentifiers(deviceZone: inputs.deviceZone).map {
                    .recordFired(FiredRecord(identifier: $0, date: notification.date))
                }, reason: event)
            outcome.presentation = presentation(of: notification, categories: inputs.categories)
            return outcome
        case .posted(let posted):
            return Outcome([try post(posted, inputs)], reason: event)
        case .position(let position):
            return positionOutcome(position, inputs)
        case .waypointReached(let position):
            return positionOutcome(position, inputs)
        case .routeStarted(let session):
            try session.validate()
            return Outcome([.startRoute(RouteSessionState(session: session, startedAt: now))], reason: event)
        case .routeStopped:
            return Outcome([.stopRoute], reason: event)
        case .locationAccessChanged(let access):
            return Outcome([.setLocationAccess(access)], reason: event)
        case .routeNotifications(let enabled):
            return Outcome([.setRouteNotifications(enabled: enabled)], reason: event)
        case .smartTimingComputed(let key, let computed):
            return Outcome([.setSmartTiming(key: key, computed)], reason: event)
        case .travelChoice(let choice, let rule):
            return Outcome(TravelStep.choosing(choice, for: rule, deviceZone: inputs.deviceZone, state: inputs.state),
                           reason: event)
        case .homeZoneChanged(let zone):
            return Outcome(TravelStep.settingHome(zone), reason: event)
        }
    }

    // MARK: Entities

    /// Forgets `entities`, each with its deletion instant (``deletionInstants(of:given:)``).
    static func forgetting(_ entities: Set<EntityReference>, _ inputs: Inputs) -> [EngineStateChange] {
        let instants = deletionInstants(of: entities, given: inputs)
        return entities.sorted().flatMap { [.forget($0), .recordDeletion($0, at: instants[$0] ?? inputs.now)] }
    }

    /// When each of `entities` counts as deleted: now, or later when the clock was set
    /// back after something of it was delivered, posted or fired, so that the deletion
    /// covers everything of it that exists when it is made (only what a re-created
    /// entity gets afterwards is newer).
    static func deletionInstants(of entities: Set<EntityReference>, given inputs: Inputs) -> [EntityReference: Date] {
        var instants = Dictionary(uniqueKeysWithValues: entities.map { ($0, inputs.now) })
        func cover(_ entity: EntityReference, _ date: Date) {
            if let instant = instants[entity], date > instant { instants[entity] = date }
        }
        for notification in inputs.delivered {
            if let entity = notification.request.heraldIdentifier?.entity { cover(entity, notification.date) }
        }
        for event in inputs.state.postedEvents.values { cover(event.identifier.entity, event.postedAt) }
        for record in inputs.state.fired.values { cover(record.identifier.entity, record.date) }
        return instants
    }

    /// The entities of `namespace` Herald has anything of (pending, delivered, paused,
    /// completed, snoozed, posted) that an import replacing them all did not keep.
    static func entitiesReplaced(in namespace: String, remaining: Set<EntityReference>,
                                 _ inputs: Inputs) -> Set<EntityReference> {
        let state = inputs.state
        var known = Set(inputs.pending.compactMap(\.heraldIdentifier?.entity))
        known.formUnion(inputs.delivered.compactMap(\.request.heraldIdentifier?.entity))
        known.formUnion(state.paused)
        known.formUnion(state.completions.keys.map(\.entity))
        known.formUnion(state.snoozes.keys.map(\.entity))
        known.formUnion(state.postedEvents.keys.map(\.entity))
        return known.filter { $0.namespace == namespace && !remaining.contains($0) }
    }

    // MARK: Responses and presentation

    static func responseOutcome(_ response: NotificationResponse, _ inputs: Inputs) -> Outcome {
        let received = ResponseStep.received(
            response, decoding: inputs.decoding ?? ResponseDecoder().decode(response),
            sequence: inputs.state.nextResponseSequence, state: inputs.state, now: inputs.now,
            deviceZone: inputs.deviceZone, categories: inputs.categories)
        var outcome = Outcome(received.changes, reason: .response(response))
        outcome.response = received
        return outcome
    }

    /// How a notification that arrives in the foreground is shown, from its category's
    /// ``ReminderCategory/ForegroundPresentation``: the system's options, or an in-app prompt with the
    /// category's actions and a dismiss.
    static func presentation(of notification: DeliveredNotification,
                             categories: CategoryRegistry) -> PresentationDecision {
        let content = notification.request.content
        guard let category = categories[content.categoryIdentifier] else { return .system(.all) }
        switch category.foreground {
        case .system(let options):
            return .system(options)
        case .inAppPrompt:
            let actions = category.actions.map { InAppPrompt.Action(identifier: $0.identifier, title: $0.title, kind: $0.kind) }
                + [InAppPrompt.Action(identifier: NotificationResponse.dismissActionIdentifier, title: "Dismiss", kind: .dismiss)]
            return .prompt(InAppPrompt(notification: notification, title: content.title, body: content.body, actions: actions))
        }
    }

    // MARK: Posted events

    /// The posted event to keep, once the reserve has room for it: posted events and
    /// snoozes still waiting to fire take the reserve's slots (the planner's rule), and
    /// posting an identifier again replaces it. It fires now, or after its delay rounded
    /// up to a whole second.
    static func post(_ event: ImmediateEvent, _ inputs: Inputs) throws -> EngineStateChange {
        try event.validate()
        let now = inputs.now, identifier = event.identifier
        let waiting = inputs.state.postedEvents.values.count { $0.identifier != identifier && $0.fireDate >= now }
            + inputs.state.snoozes.values.count { $0.until > now }
        guard waiting < inputs.reserve else { throw EngineError.reserveFull(inputs.reserve, event: identifier) }
        let fireDate = event.delay == 0
            ? now : Date(timeIntervalSince1970: (now.timeIntervalSince1970 + event.delay).rounded(.up))
        return .postEvent(PostedEvent(identifier: identifier, content: event.content, fireDate: fireDate, postedAt: now))
    }

    // MARK: Positions

    /// What a position records by itself, whatever the route: the device's last
    /// position (nothing for one that is not valid). The whole step for a position that
    /// reaches no waypoint, which the engine takes without reading the state (a walk's
    /// position costs no plan and no load).
    static func recording(_ position: Coordinate) -> [EngineStateChange] {
        position.isValid ? [.setPosition(position)] : []
    }

    /// A position: kept as the device's last known one (when valid) and, with a route in
    /// progress, every waypoint within its threshold reached (``RouteSessionState/progress(to:at:suppression:)``).
    /// While the app's route setting is off or Herald is not authorized, visits and the
    /// completion are recorded with the reason their notification is not sent.
    static func positionOutcome(_ position: Coordinate, _ inputs: Inputs) -> Outcome {
        let state = inputs.state
        let moved = recording(position)
        guard let session = state.routeSession else { return Outcome(moved, reason: .position(position)) }
        let suppression: RouteSuppression? = if !state.routeNotificationsEnabled {
            .notificationsOff
        } else if !inputs.authorization.allowsDelivery {
            .notAuthorized(inputs.authorization)
        } else {
            nil
        }
        let visits = session.progress(to: position, at: inputs.now, suppression: suppression)
        var outcome = Outcome(moved + visits, reason: visits.isEmpty ? .position(position) : .waypointReached(position))
        outcome.routeChanges = visits
        return outcome
    }
}
