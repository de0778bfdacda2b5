import Foundation

/// One change to Herald's state. An event's changes are committed together, in one
/// transaction, by ``EngineStore/commit(_:)``; ``EngineState/apply(_:)`` says what
/// each means.
public enum EngineStateChange: Hashable, Sendable, Codable {
    case recordCompletion(EngineState.Completion)
    case removeCompletion(EntityReference, LocalDate)
    case pause(EntityReference)
    case resume(EntityReference)
    /// Drops everything Herald holds about a deleted entity: completions, deferred
    /// days, snoozes, acknowledgements, posted events, the pause (its fired log and
    /// deletion record stay).
    case forget(EntityReference)
    /// No more reminders of the entity that day, without counting it as done.
    case deferDay(EngineState.EntityDay)
    case snooze(EngineState.SnoozeRecord)
    case removeSnooze(original: NotificationIdentifier)
    /// The user acted on an occurrence; the latest instant is kept: every copy of it
    /// delivered before then asks nothing more (an answer told by ``HeraldSync`` may be
    /// older than one made here).
    case acknowledge(NotificationIdentifier, at: Date)
    case recordFired(EngineState.FiredRecord)
    /// Queues a response unless it is queued or was handled already.
    case enqueueResponse(EngineState.QueuedResponse)
    /// Takes a response off the queue and remembers it was handed over.
    case markResponseHandled(id: String, at: Date)
    case setSmartTiming(key: String, EngineState.SmartTimingState?)
    case setSetting(key: String, JSONValue?)
    /// Keeps an app-triggered notification until it fires (replacing one with the same
    /// identifier).
    case postEvent(EngineState.PostedEvent)
    /// The app deleted an entity at this instant: its delivered notifications of
    /// every kind, up to then, are removed by the next run. The latest instant is kept.
    case recordDeletion(EntityReference, at: Date)
    /// Retention: drops fired records, handled responses, acknowledgements, snoozes,
    /// posted events and deletion records older than the cutoff, and completed and
    /// deferred days before ``EngineState/firstKeptDay(before:)``, so the state stays
    /// bounded.
    case prune(before: Date)
    /// Starts a route session, replacing any session in progress with its visits and
    /// completion (seed 001: a new route starts from nothing).
    case startRoute(RouteSessionState)
    /// Ends the route session in progress and forgets its visits and completion.
    case stopRoute
    /// A waypoint reached in the session with this ``RouteSessionState/sessionKey``;
    /// ignored for another session, and when the waypoint was reached already.
    case recordRouteVisit(session: String, RouteSessionState.Visit)
    /// Every waypoint of the session with this key was reached; only the first
    /// completion of a session is kept.
    case completeRoute(session: String, RouteSessionState.Completion)
    /// A notification of the session with this key was handed to the center or seen
    /// delivered: it is never planned again in that session.
    case recordRouteDelivered(session: String, NotificationIdentifier)
    /// The user opened or dismissed the completion notification of the session with
    /// this key: it no longer counts toward the badge. The first instant is kept.
    case acknowledgeRouteCompletion(session: String, at: Date)
    /// The zone the user lives in, by identifier (``EngineState/homeZone``).
    case setHomeZone(identifier: String?)
    /// The trip in progress, or none (``EngineState/trip``).
    case setTrip(EngineState.Trip?)
    /// Every alarm Herald scheduled, by alarm id, replacing those kept.
    case setScheduledAlarms([UUID: EngineState.ScheduledAlarm])
    /// The location requests a run left pending, replacing those kept.
    case setArmedLocations(EngineState.ArmedLocations)
    /// The location access the app reported.
    case setLocationAccess(LocationAccess?)
    /// The app's route notifications turned on or off.
    case setRouteNotifications(enabled: Bool)
    /// The device's last known position.
    case setPosition(Coordinate?)
    /// A record of what the user did on this device, kept in the outbox for the app to
    /// send to the other devices (``HeraldSync``), its stamp kept for its subject.
    case queueSyncRecord(HeraldSync.Record)
    /// A record received from another device was applied: its stamp is kept for its
    /// subject (``EngineState/SyncLog/stamps``).
    case receiveSyncRecord(HeraldSync.Record)
    /// The app sent these records of the outbox, by ``HeraldSync/Record/id``.
    case removeSyncRecords(Set<String>)
}
