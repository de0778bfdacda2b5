import Foundation

/// One change to Herald's state. An event's changes are committed together, in one
/// transaction, by ``EngineStore/commit(_:)``; ``EngineState/apply(_:)`` says what
/// each means.
public enum EngineStateChange: Hashable, Sendable, Codable {
    case recordCompletion(Completion)
    case removeCompletion(EntityReference, LocalDate)
    case pause(EntityReference)
    case resume(EntityReference)
    /// Drops everything Herald holds about a deleted entity (its fired log stays).
    case forget(EntityReference)
    /// No more reminders of the entity that day, without counting it as done.
    case deferDay(EntityDay)
    case snooze(SnoozeRecord)
    case removeSnooze(original: NotificationIdentifier)
    /// The user acted on an occurrence; the first time is kept.
    case acknowledge(NotificationIdentifier, at: Date)
    case recordFired(FiredRecord)
    /// Queues a response unless it is queued or was handled already.
    case enqueueResponse(QueuedResponse)
    /// Takes a response off the queue and remembers it was handed over.
    case markResponseHandled(id: String, at: Date)
    case setSmartTiming(key: String, SmartTimingState?)
    case setSetting(key: String, JSONValue?)
    /// Retention: drops fired records, handled responses, acknowledgements, completions,
    /// snoozes and deferred days older than the cutoff, so the state stays bounded.
    case prune(before: Date)
}
