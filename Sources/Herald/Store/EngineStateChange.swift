/// One change to Herald's state. An event's changes are committed together, in one
/// transaction, by ``EngineStore/commit(_:)``.
public enum EngineStateChange: Hashable, Sendable, Codable {
    case recordCompletion(Completion)
    case removeCompletion(EntityReference, LocalDate)
    case pause(EntityReference)
    case resume(EntityReference)
    /// Drops everything Herald holds about a deleted entity.
    case forget(EntityReference)
}
