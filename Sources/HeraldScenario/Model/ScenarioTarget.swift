import Herald

/// The notification a user event acts on: a full identifier, or an entity (optionally
/// one of its rules), meaning the latest notification of it the user can see (in the
/// delivered list, or an in-app prompt still open).
///
/// ```yaml
/// - {at: 2026-11-21T09:05, tap: read}                         # the latest of goal read
/// - {at: 2026-11-21T09:06, tap: read/morning}                 # of its rule morning
/// - {at: 2026-11-21T09:07, tap: "herald:reminder:goal:read:morning:20261121T0900"}
/// ```
public enum ScenarioTarget: Hashable, Sendable, CustomStringConvertible {
    case identifier(String)
    case entity(EntityReference, rule: String?)

    public var description: String {
        switch self {
        case .identifier(let identifier): identifier
        case .entity(let entity, let rule): rule.map { "\(entity)/\($0)" } ?? entity.description
        }
    }

    /// Whether a notification with this identifier is one the target names.
    public func matches(_ identifier: String) -> Bool {
        switch self {
        case .identifier(let wanted):
            return identifier == wanted
        case .entity(let entity, let rule):
            guard let parsed = NotificationIdentifier(parsing: identifier), parsed.entity == entity else { return false }
            return rule.map { $0 == parsed.rule } ?? true
        }
    }
}
