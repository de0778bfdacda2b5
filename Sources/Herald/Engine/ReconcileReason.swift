/// Why the engine re-plans. Every path that can change what should be pending names
/// itself here and goes through ``Engine/reconcile(reason:)``.
public enum ReconcileReason: Hashable, Sendable, CustomStringConvertible {
    case launch
    case foreground
    case entityChanged(EntityReference)
    case entitiesDeleted(Set<EntityReference>)
    case replacedAll(namespace: String)
    case completed(EntityReference)
    case paused(EntityReference)
    case resumed(EntityReference)
    case dayChanged
    case timeZoneChanged
    case significantTimeChange
    case backgroundRefresh
    /// The user responded to the notification with this identifier (a tap, an action,
    /// text, a reported dismissal).
    case response(String)
    /// The app posted an event.
    case eventPosted(NotificationIdentifier)
    /// Anything else the app wants to name.
    case other(String)

    public var description: String {
        switch self {
        case .launch: "launch"
        case .foreground: "foreground"
        case .entityChanged(let entity): "entity changed \(entity)"
        case .entitiesDeleted(let entities): "deleted \(entities.sorted().map(\.description).joined(separator: ","))"
        case .replacedAll(let namespace): "replaced all \(namespace)"
        case .completed(let entity): "completed \(entity)"
        case .paused(let entity): "paused \(entity)"
        case .resumed(let entity): "resumed \(entity)"
        case .dayChanged: "day changed"
        case .timeZoneChanged: "time zone changed"
        case .significantTimeChange: "significant time change"
        case .backgroundRefresh: "background refresh"
        case .response(let identifier): "response \(identifier)"
        case .eventPosted(let identifier): "posted \(identifier)"
        case .other(let text): text
        }
    }
}
