import Herald

extension TargetCatalog {
    /// A route started by a `route` event: from then on `route/<id>` names its latest
    /// notification, `route/<id>/arrived` and `route/<id>/completion` its latest spot
    /// and its completion, and `{route: <id>, waypoint: <id>}` the spot of a waypoint.
    mutating func add(_ route: RouteSession) {
        let known = routes[route.id] ?? []
        routes[route.id] = known + route.waypoints.map(\.id).filter { !known.contains($0) }
        let category = route.categoryIdentifier.isEmpty ? nil : route.categoryIdentifier
        add(route.entity, rules: [(RouteSessionState.spotRule, category), (RouteSessionState.completionRule, category)])
    }

    /// `{route: mitte, waypoint: gate}`: the spot notification of a waypoint of a route
    /// started by this point of the scenario.
    func waypointTarget(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioTarget {
        let mapping = try node.mapping("a route's spot notification ({route, waypoint})", allowed: ["route", "waypoint"])
        let routeNode = try mapping.required("route", "the route's id")
        let route = try routeNode.string("a route id")
        guard let waypoints = routes[route] else { throw unknownRoute(route, routeNode) }
        let waypointNode = try mapping.required("waypoint", "the id of the waypoint whose spot notification it is")
        let waypoint = try waypointNode.string("a waypoint id")
        guard waypoints.contains(waypoint) else {
            throw waypointNode.error(.unknownEntity, "the route \(InputExcerpt(route, quote: "\"")) has no waypoint \(InputExcerpt(waypoint, quote: "\"")) (its waypoints: \(waypoints.joined(separator: ", ")))")
        }
        return .waypoint(route: route, waypoint: waypoint)
    }

    /// The error for a route no `route` event started by this point.
    func unknownRoute(_ route: String, _ node: ScenarioNode) -> ScenarioError {
        let list = routes.isEmpty ? "none is started before it" : "started: \(routes.keys.sorted().joined(separator: ", "))"
        return node.error(.unknownEntity, "no route \(InputExcerpt(route, quote: "\"")) by this point of the scenario (\(list))")
    }
}
