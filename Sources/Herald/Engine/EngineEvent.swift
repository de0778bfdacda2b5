import Foundation

/// Something the app tells Herald: the one way in. Each event is a value; what it
/// records is decided by the pure ``EngineStep``, and the run it asks for names it as
/// its reason (``ReconcileReport/reasons``).
///
/// The engine's methods (``Engine/completed(_:on:at:)``, ``Engine/paused(_:)``, ...)
/// make these values; ``Engine/handle(_:)`` takes one directly:
///
/// ```swift
/// try await engine.handle(.paused(habit))
/// try await engine.handle(.deleted([oldHabit]))
/// try await engine.handle(.timeChanged(.dayChanged))
/// ```
package enum EngineEvent: Hashable, Sendable, CustomStringConvertible {
    /// The app's process started (``Engine/launched()``).
    case launch
    /// The app came to the foreground (``Engine/becameActive()``).
    case foreground
    /// The system gave the app background time.
    case backgroundRefresh
    /// The user allowed notifications (``Engine/requestAuthorization(options:)``).
    case authorizationGranted
    /// Time moved under the app (``Engine/timeChanged(_:)``).
    case timeChanged(TimeChange)
    /// The app created or edited an entity or its reminders.
    case entityChanged(EntityReference)
    /// The app switched its reminders on or off, for one entity or (`nil`) for all.
    case remindersSwitched(on: Bool, entity: EntityReference?)
    /// The user completed an entity for a day (``Engine/completed(_:on:at:)``).
    case completed(Completion)
    /// The user paused an entity.
    case paused(EntityReference)
    /// The user resumed a paused entity.
    case resumed(EntityReference)
    /// The app deleted entities.
    case deleted(Set<EntityReference>)
    /// An import replaced every entity of `namespace`: those not in `remaining` are
    /// gone, and those in `paused` are paused.
    case replacedAll(namespace: String, remaining: Set<EntityReference>, paused: Set<EntityReference> = [])
    /// The user responded to a notification (a tap, an action, text, a dismissal).
    case response(NotificationResponse)
    /// A notification arrived while the app is in the foreground; no run follows.
    case presented(DeliveredNotification)
    /// The app posted an event (``Engine/post(_:)``).
    case posted(ImmediateEvent)
    /// The device is at a position (``Engine/positionChanged(_:)``).
    case position(Coordinate)
    /// A position reached one or more waypoints of the route in progress: the run that
    /// sends their notifications is filed under this (``EngineStep`` turns a
    /// ``position(_:)`` that reached one into it).
    case waypointReached(Coordinate)
    /// A walking route started (``Engine/startRoute(_:)``).
    case routeStarted(RouteSession)
    /// The walking route in progress ended.
    case routeStopped
    /// The user's location access, as Core Location reports it
    /// (``Engine/locationAccessChanged(_:)``).
    case locationAccessChanged(LocationAccess)
    /// The app's own switch for route notifications; no run follows.
    case routeNotifications(enabled: Bool)
    /// A smart-timing suggestion was computed and is kept under `key`
    /// (``Engine/refreshSmartTiming(key:timing:completions:onlyWhenStale:)``); no run follows.
    case smartTimingComputed(key: String, SmartTimingState)
    /// The app chose how floating rules behave while away from home: for one rule, or
    /// (`nil`) for all (``Engine/chooseTravel(_:for:)``). Recorded on the trip in
    /// progress; at home nothing is recorded.
    case travelChoice(TravelPrompt.Choice, rule: ReminderRule.ID?)
    /// The app set the zone the user lives in (``Engine/setHomeZone(_:)``); any trip
    /// ends with its choices.
    case homeZoneChanged(TimeZone)
    /// Records of what the user did on the other devices arrived (``Engine/receive(_:)``).
    case syncReceived([HeraldSync.Record])
    /// Anything else the app wants to name (its data finished loading, say): a run
    /// and nothing recorded.
    case other(String)

    public var description: String {
        switch self {
        case .launch: "launch"
        case .foreground: "foreground"
        case .backgroundRefresh: "background refresh"
        case .authorizationGranted: "authorization granted"
        case .timeChanged(.dayChanged): "day changed"
        case .timeChanged(.timeZoneChanged): "time zone changed"
        case .timeChanged(.clockChanged): "significant time change"
        case .entityChanged(let entity): "entity changed \(entity)"
        case .remindersSwitched(let on, let entity): "reminders \(on ? "on" : "off")" + (entity.map { " for \($0)" } ?? "")
        case .completed(let completion): "completed \(completion.entity)"
        case .paused(let entity): "paused \(entity)"
        case .resumed(let entity): "resumed \(entity)"
        case .deleted(let entities): "deleted \(entities.sorted().map(\.description).joined(separator: ","))"
        case .replacedAll(let namespace, _, _): "replaced all \(namespace)"
        case .response(let response): "response \(response.notification.request.identifier)"
        case .presented(let notification): "presented \(notification.request.identifier)"
        case .posted(let event): "posted \(event.identifier)"
        case .position: "position"
        case .waypointReached: "waypoint reached"
        case .routeStarted(let session): "route started \(session.id)"
        case .routeStopped: "route stopped"
        case .locationAccessChanged(let access): "location access \(access)"
        case .routeNotifications(let enabled): "route notifications \(enabled ? "on" : "off")"
        case .smartTimingComputed(let key, _): "smart timing \(key)"
        case .travelChoice(let choice, let rule): "travel choice \(choice)" + (rule.map { " for \($0)" } ?? "")
        case .homeZoneChanged(let zone): "home zone \(zone.identifier)"
        case .syncReceived(let records): "sync received \(records.count) record\(records.count == 1 ? "" : "s")"
        case .other(let text): text
        }
    }

    /// Whether the event brings records from the user's other devices.
    var isSyncReceived: Bool {
        if case .syncReceived = self { true } else { false }
    }

    /// Whether the engine re-plans after recording the event.
    public var asksForRun: Bool {
        switch self {
        case .presented, .routeNotifications, .smartTimingComputed: false
        default: true
        }
    }
}
