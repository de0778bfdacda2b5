import Foundation

/// Herald's own state: what the app's data does not say but planning, badges and
/// responses depend on.
///
/// Every change goes through ``apply(_:)``, so an in-memory store and a database store
/// mean the same thing by each ``EngineStateChange``.
///
/// ```swift
/// var state = EngineState()
/// state.apply(.recordCompletion(Completion(entity: water, day: today, date: now)))
/// state.isCompleted(water, on: today) // true
/// ```
public struct EngineState: Hashable, Sendable, Codable {
    /// Completions by entity and day (one per pair; a later one replaces).
    public var completions: [EntityDay: Completion]
    public var paused: Set<EntityReference>
    /// Days the user asked not to be reminded of an entity again ("remind tomorrow").
    public var deferred: Set<EntityDay>
    /// Snoozed occurrences, by the original occurrence's identifier.
    public var snoozes: [NotificationIdentifier: SnoozeRecord]
    /// Occurrences the user acted on (tapped, chose an action, dismissed), and when:
    /// they get no follow-up.
    public var acknowledged: [NotificationIdentifier: Date]
    /// Every Herald notification delivered, once each, by ``EngineState/FiredRecord/key``.
    public var fired: [String: FiredRecord]
    /// Responses waiting for the app to be ready, in arrival order.
    public var queuedResponses: [QueuedResponse]
    /// Responses already handed to the app, by ``NotificationResponse/responseID``, and
    /// when: a response that arrives again is not handed over twice.
    public var handledResponses: [String: Date]
    /// Smart-timing suggestions by key (an entity, or a feature of the app).
    public var smartTiming: [String: SmartTimingState]
    /// The app's notification settings that Herald must respect (reminders on or off).
    public var settings: [String: JSONValue]
    /// App-triggered notifications waiting to fire, by identifier.
    public var postedEvents: [NotificationIdentifier: PostedEvent]
    /// Entities the app deleted, and when: their notifications delivered until then
    /// are removed by the next run, whatever their kind.
    public var deletions: [EntityReference: Date]
    /// The walking route in progress (seed 001), if any: its visits and completion.
    public var routeSession: RouteSessionState?
    /// The identifier of the zone the user lives in (``homeZone``): the first zone
    /// Herald saw, or the one the app set; `nil` before the first run.
    public var homeZoneIdentifier: String?
    /// The trip in progress while the device is away from ``homeZone``, with the
    /// app's choices (``EngineState/Trip``); `nil` at home.
    public var trip: Trip?
    /// The alarms Herald asked the alarm service for, by alarm id: a relaunch neither
    /// schedules again what is held nor loses what to cancel.
    public var scheduledAlarms: [UUID: ScheduledAlarm]
    /// The location requests the last run left pending (``EngineState/ArmedLocations``).
    public var armedLocations: ArmedLocations
    /// The location access last reported (``Engine/locationAccessChanged(_:)``); `nil`
    /// before the first report.
    public var locationAccess: LocationAccess?
    /// Whether the app's route notifications are on (``Engine/setRouteNotificationsEnabled(_:)``).
    public var routeNotificationsEnabled: Bool
    /// The device's last known position (``Engine/positionChanged(_:)``): the regions
    /// watched are the nearest to it.
    public var lastPosition: Coordinate?
    /// The sync between the user's devices (``HeraldSync``): records not yet sent, and
    /// the latest stamp of each subject.
    public var sync: SyncLog

    public init(
        completions: [EntityDay: Completion] = [:], paused: Set<EntityReference> = [],
        deferred: Set<EntityDay> = [], snoozes: [NotificationIdentifier: SnoozeRecord] = [:],
        acknowledged: [NotificationIdentifier: Date] = [:], fired: [String: FiredRecord] = [:],
        queuedResponses: [QueuedResponse] = [], handledResponses: [String: Date] = [:],
        smartTiming: [String: SmartTimingState] = [:], settings: [String: JSONValue] = [:],
        postedEvents: [NotificationIdentifier: PostedEvent] = [:], deletions: [EntityReference: Date] = [:],
        routeSession: RouteSessionState? = nil, homeZoneIdentifier: String? = nil, trip: Trip? = nil,
        scheduledAlarms: [UUID: ScheduledAlarm] = [:], armedLocations: ArmedLocations = ArmedLocations(),
        locationAccess: LocationAccess? = nil, routeNotificationsEnabled: Bool = true, lastPosition: Coordinate? = nil,
        sync: SyncLog = SyncLog()
    ) {
        self.completions = completions
        self.paused = paused
        self.deferred = deferred
        self.snoozes = snoozes
        self.acknowledged = acknowledged
        self.fired = fired
        self.queuedResponses = queuedResponses
        self.handledResponses = handledResponses
        self.smartTiming = smartTiming
        self.settings = settings
        self.postedEvents = postedEvents
        self.deletions = deletions
        self.routeSession = routeSession
        self.homeZoneIdentifier = homeZoneIdentifier
        self.trip = trip
        self.scheduledAlarms = scheduledAlarms
        self.armedLocations = armedLocations
        self.locationAccess = locationAccess
        self.routeNotificationsEnabled = routeNotificationsEnabled
        self.lastPosition = lastPosition
        self.sync = sync
    }

    public func isCompleted(_ entity: EntityReference, on day: LocalDate) -> Bool {
        completions[EntityDay(entity, day)] != nil
    }

    /// The entity-days on which no more reminders are due: completed or deferred.
    public var satisfiedDays: Set<EntityDay> {
        Set(completions.keys).union(deferred)
    }

    /// The sequence number the next queued response gets.
    public var nextResponseSequence: Int { (queuedResponses.map(\.sequence).max() ?? 0) + 1 }

    /// The earliest completed or deferred day ``EngineStateChange/prune(before:)`` keeps: the UTC day
    /// of the cutoff, less one, so no zone's local day is cut short.
    public static func firstKeptDay(before cutoff: Date) -> LocalDate {
        LocalDateTime(wallSeconds: Int(cutoff.timeIntervalSince1970.rounded(.down))).date.adding(days: -1)
    }

    /// Applies one change; applying the same change twice is the same as once.
    public mutating func apply(_ change: EngineStateChange) {
        switch change {
        case .recordCompletion(let completion):
            completions[completion.entityDay] = completion
        case .removeCompletion(let entity, let day):
            completions[EntityDay(entity, day)] = nil
        case .pause(let entity):
            paused.insert(entity)
        case .resume(let entity):
            paused.remove(entity)
        case .forget(let entity):
            paused.remove(entity)
            completions = completions.filter { $0.key.entity != entity }
            deferred = deferred.filter { $0.entity != entity }
            snoozes = snoozes.filter { $0.key.entity != entity }
            acknowledged = acknowledged.filter { $0.key.entity != entity }
            postedEvents = postedEvents.filter { $0.key.entity != entity }
        case .deferDay(let entityDay):
            deferred.insert(entityDay)
        case .snooze(let record):
            snoozes[record.original] = record
        case .removeSnooze(let original):
            snoozes[original] = nil
        case .acknowledge(let identifier, let date):
            acknowledged[identifier] = max(acknowledged[identifier] ?? date, date)
        case .recordFired(let record):
            fired[record.key] = record
        case .enqueueResponse(let queued):
            guard handledResponses[queued.id] == nil, !queuedResponses.contains(where: { $0.id == queued.id }) else { return }
            queuedResponses.append(queued)
        case .markResponseHandled(let id, let date):
            queuedResponses.removeAll { $0.id == id }
            handledResponses[id] = handledResponses[id] ?? date
        case .setSmartTiming(let key, let value):
            smartTiming[key] = value
        case .setSetting(let key, let value):
            settings[key] = value
        case .postEvent(let event):
            postedEvents[event.identifier] = event
        case .recordDeletion(let entity, let date):
            deletions[entity] = max(deletions[entity] ?? date, date)
        case .prune(let cutoff):
            fired = fired.filter { $0.value.date >= cutoff }
            handledResponses = handledResponses.filter { $0.value >= cutoff }
            acknowledged = acknowledged.filter { $0.value >= cutoff }
            snoozes = snoozes.filter { $0.value.until >= cutoff }
            postedEvents = postedEvents.filter { $0.value.fireDate >= cutoff }
            deletions = deletions.filter { $0.value >= cutoff }
            // Days, not when they were recorded: "skip Saturday" set on Wednesday is
            // kept until Saturday is history.
            let cutoffDay = Self.firstKeptDay(before: cutoff)
            completions = completions.filter { $0.key.day >= cutoffDay }
            deferred = deferred.filter { $0.day >= cutoffDay }
            sync.apply(change)
        case .startRoute(let session):
            routeSession = session
        case .stopRoute:
            routeSession = nil
        case .recordRouteVisit(let key, let visit):
            routeSession?.apply(visit: visit, key: key)
        case .completeRoute(let key, let completion):
            routeSession?.apply(completion: completion, key: key)
        case .recordRouteDelivered(let key, let identifier):
            routeSession?.apply(delivered: identifier, key: key)
        case .acknowledgeRouteCompletion(let key, let date):
            routeSession?.apply(completionAcknowledgedAt: date, key: key)
        case .setHomeZone, .setTrip, .setScheduledAlarms, .setArmedLocations, .setLocationAccess,
             .setRouteNotifications, .setPosition:
            applyFeatureChange(change)
        case .queueSyncRecord, .receiveSyncRecord, .removeSyncRecords:
            sync.apply(change)
        }
    }

    /// A change of a feature's own state: each sets its field.
    private mutating func applyFeatureChange(_ change: EngineStateChange) {
        switch change {
        case .setHomeZone(let identifier): homeZoneIdentifier = identifier
        case .setTrip(let trip): self.trip = trip
        case .setScheduledAlarms(let alarms): scheduledAlarms = alarms
        case .setArmedLocations(let armed): armedLocations = armed
        case .setLocationAccess(let access): locationAccess = access
        case .setRouteNotifications(let enabled): routeNotificationsEnabled = enabled
        case .setPosition(let position): lastPosition = position
        default: preconditionFailure("\(change) is not a feature's change")
        }
    }
}

extension EngineState {
    /// Decodes a state encoded by this version or an earlier one: a state saved before the
    /// features' fields existed (home zone, trip, alarms, armed locations, location access,
    /// route notifications, position, sync) decodes with each field's empty value, as a first
    /// launch has it.
    ///
    /// ```swift
    /// let state = try JSONDecoder().decode(EngineState.self, from: savedBeforeTheFeatureFields)
    /// state.routeNotificationsEnabled // true
    /// ```
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            completions: try values.decode([EntityDay: Completion].self, forKey: .completions),
            paused: try values.decode(Set<EntityReference>.self, forKey: .paused),
            deferred: try values.decode(Set<EntityDay>.self, forKey: .deferred),
            snoozes: try values.decode([NotificationIdentifier: SnoozeRecord].self, forKey: .snoozes),
            acknowledged: try values.decode([NotificationIdentifier: Date].self, forKey: .acknowledged),
            fired: try values.decode([String: FiredRecord].self, forKey: .fired),
            queuedResponses: try values.decode([QueuedResponse].self, forKey: .queuedResponses),
            handledResponses: try values.decode([String: Date].self, forKey: .handledResponses),
            smartTiming: try values.decode([String: SmartTimingState].self, forKey: .smartTiming),
            settings: try values.decode([String: JSONValue].self, forKey: .settings),
            postedEvents: try values.decode([NotificationIdentifier: PostedEvent].self, forKey: .postedEvents),
            deletions: try values.decode([EntityReference: Date].self, forKey: .deletions),
            routeSession: try values.decodeIfPresent(RouteSessionState.self, forKey: .routeSession),
            homeZoneIdentifier: try values.decodeIfPresent(String.self, forKey: .homeZoneIdentifier),
            trip: try values.decodeIfPresent(Trip.self, forKey: .trip),
            scheduledAlarms: try values.decodeIfPresent([UUID: ScheduledAlarm].self, forKey: .scheduledAlarms) ?? [:],
            armedLocations: try values.decodeIfPresent(ArmedLocations.self, forKey: .armedLocations) ?? ArmedLocations(),
            locationAccess: try values.decodeIfPresent(LocationAccess.self, forKey: .locationAccess),
            routeNotificationsEnabled: try values.decodeIfPresent(Bool.self, forKey: .routeNotificationsEnabled) ?? true,
            lastPosition: try values.decodeIfPresent(Coordinate.self, forKey: .lastPosition),
            sync: try values.decodeIfPresent(SyncLog.self, forKey: .sync) ?? SyncLog())
    }
}
