import Herald

/// The notification a user event acts on: a full identifier, an entity (optionally
/// one of its rules), or the spot notification of a route's waypoint, meaning the
/// latest notification of it the user can see (in the delivered list, or an in-app
/// prompt still open). A route is the entity `route/<id>`: `tap: route/mitte` acts on
/// the route's latest notification, spot or completion.
///
/// ```yaml
/// - {at: 2026-11-21T09:05, tap: read}                         # the latest of goal read
/// - {at: 2026-11-21T09:06, tap: read/morning}                 # of its rule morning
/// - {at: 2026-11-21T09:07, tap: "herald:reminder:goal:read:morning:20261121T0900"}
/// - {at: 2026-11-21T16:00, tap: route/mitte}                  # the route's latest
/// - {at: 2026-11-21T16:01, tap: {route: mitte, waypoint: gate}}   # that spot's
/// ```
package enum ScenarioTarget: Hashable, Sendable, CustomStringConvertible {
    case identifier(String)
    case entity(EntityReference, rule: String?)
    /// The spot notification of the waypoint `waypoint` of the route `route` (any
    /// session of it).
    case waypoint(route: String, waypoint: String)

    package var description: String {
        switch self {
        case .identifier(let identifier): identifier
        case .entity(let entity, let rule): rule.map { "\(entity)/\($0)" } ?? entity.description
        case .waypoint(let route, let waypoint): "waypoint \(waypoint) of \(RouteSession.namespace)/\(route)"
        }
    }

    /// The entity whose notifications the target names; `nil` for an identifier.
    package var entity: EntityReference? {
        switch self {
        case .identifier: nil
        case .entity(let entity, _): entity
        case .waypoint(let route, _): EntityReference(namespace: RouteSession.namespace, id: route)
        }
    }

    /// Whether a notification with this identifier is one the target names.
    package func matches(_ identifier: String) -> Bool {
        switch self {
        case .identifier(let wanted):
            // Also the same identifier written another way Herald reads (a group's old
            // text, `herald:group:herald:group:quiet:…`).
            return identifier == wanted || wanted.hasPrefix("herald:") && NotificationIdentifier(parsing: wanted)
                .map { $0 == NotificationIdentifier(parsing: identifier) } == true
        case .entity(let entity, let rule):
            guard let parsed = NotificationIdentifier(parsing: identifier), parsed.entity == entity else { return false }
            return rule.map { $0 == parsed.rule } ?? true
        case .waypoint(let route, let waypoint):
            guard let parsed = NotificationIdentifier(parsing: identifier), parsed.kind == .event,
                  parsed.entity == EntityReference(namespace: RouteSession.namespace, id: route),
                  parsed.rule == RouteSessionState.spotRule else { return false }
            // The occurrence is `<session key>.<waypoint id>`; the key has no dot.
            let parts = parsed.occurrence.rawValue.split(separator: ".", maxSplits: 1)
            return parts.count == 2 && parts[1] == waypoint
        }
    }
}
