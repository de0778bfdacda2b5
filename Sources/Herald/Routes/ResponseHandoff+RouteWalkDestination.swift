extension ResponseHandoff {
    /// Where a tap on a route notification leads, typed: the success summary of the
    /// session for the completion, the waypoint for a spot (seed 001).
    ///
    /// ```swift
    /// switch route.routeWalk {
    /// case .completion(let summary)?: coordinator.showSuccess(summary)
    /// case .waypoint(let session, let waypoint)?: coordinator.focusMap(on: waypoint, of: session)
    /// case nil: coordinator.open(route.destination)
    /// }
    /// ```
    public enum RouteWalkDestination: Hashable, Sendable {
        case completion(RouteSessionState.Summary)
        case waypoint(sessionID: String, waypointID: String)

        /// The destination a payload names; `nil` for notifications that are not a route's.
        public init?(_ payload: HeraldPayload) {
            guard payload.entity.namespace == RouteSession.namespace, payload.identifier.kind == .event else { return nil }
            switch payload.identifier.rule {
            case RouteSessionState.completionRule:
                guard let summary = RouteSummary(extras: payload.extras) else { return nil }
                self = .completion(summary)
            case RouteSessionState.spotRule:
                guard case .string(let waypoint)? = payload.extras[RouteSummary.Key.waypoint] else { return nil }
                self = .waypoint(sessionID: payload.entity.id, waypointID: waypoint)
            default:
                return nil
            }
        }
    }
}
