import Foundation
import Herald
import HeraldSimulator

extension ScenarioParser {
    static let locationEventKinds = ["position", "walk", "route", "stop_route", "route_notifications", "location_access"]
    static let locationRuleKeys = ["arrive", "leave"]
    static let placeKeys = ["lat", "lon", "radius", "repeats"]

    /// `position: {lat, lon}`, `walk: {to: [{lat, lon}], speed, every}`,
    /// `route: {id, name, threshold, waypoints: [{id, name, lat, lon}]}`, `stop_route`.
    func locationEvent(_ kind: String, _ value: ScenarioNode) throws(ScenarioError) -> ScenarioEvent.Action {
        switch kind {
        case "position":
            return .position(try coordinate(value))
        case "walk":
            let mapping = try value.mapping("a walk ({to, speed, every})", allowed: ["to", "speed", "every"])
            var path: [Coordinate] = []
            for item in try mapping.required("to", "the positions to walk through, [{lat, lon}, ...]").sequence("positions") {
                path.append(try coordinate(item))
            }
            let speed = try mapping["speed"].map { node throws(ScenarioError) in
                try number(node, "a speed in metres per second", in: 0.1...100)
            } ?? 1.4
            let every = try mapping["every"]?.int("seconds between positions", in: 1...3_600) ?? 10
            return .walk(SimulatedWalk(path: path, speed: speed, interval: TimeInterval(every)))
        case "route":
            let mapping = try value.mapping("a route ({id, name, threshold, waypoints, messages})",
                                            allowed: ["id", "name", "threshold", "waypoints", "messages"])
            let id = try mapping.required("id", "the route's id").identifier("a route id")
            let name = try mapping["name"]?.string("the route's name") ?? id
            let threshold = try mapping["threshold"].map { node throws(ScenarioError) in
                try number(node, "a proximity threshold in metres", in: 1...10_000)
            } ?? 30
            let list = try mapping.required("waypoints", "the waypoints, [{id, name, lat, lon}, ...]")
            var waypoints: [Waypoint] = []
            var seen: Set<String> = []
            for item in try list.sequence("waypoints") {
                let point = try item.mapping("a waypoint ({id, name, lat, lon})", allowed: ["id", "name", "lat", "lon"])
                let idNode = try point.required("id", "the waypoint's id")
                let waypointID = try idNode.identifier("a waypoint id")
                guard seen.insert(waypointID).inserted else {
                    throw idNode.error(.duplicate, "the waypoint id \(InputExcerpt(waypointID, quote: "\"")) is used twice in this route")
                }
                waypoints.append(Waypoint(id: waypointID, name: try point["name"]?.string("a name") ?? waypointID,
                                          coordinate: try coordinate(item)))
            }
            let messages = try mapping["messages"].map { node throws(ScenarioError) in try routeMessages(node) }
            do {
                return .startRoute(try RouteSession(id: id, name: name, waypoints: waypoints, proximityThreshold: threshold,
                                                    messages: messages ?? RouteMessages()))
            } catch {
                throw value.error(.invalidValue, error.message)
            }
        case "route_notifications":
            return .routeNotifications(enabled: try value.onOff("the route notifications switch"))
        case "location_access":
            return .locationAccess(try locationAccess(value))
        default:  // stop_route
            try noValue(value, kind)
            return .stopRoute
        }
    }

    /// `always`, `when_in_use`, `denied` or `not_determined`: the user's location access.
    func locationAccess(_ node: ScenarioNode) throws(ScenarioError) -> LocationAccess {
        try choice(node, "a location access", [("always", LocationAccess.always), ("when_in_use", .whenInUse),
                                               ("denied", .denied), ("not_determined", .notDetermined)])
    }

    /// `arrive: {lat, lon, radius, repeats}` or `leave: {...}`: a location reminder;
    /// `nil` when the rule has neither.
    func locationRule(id: String, _ mapping: ScenarioMapping) throws(ScenarioError) -> ScenarioRule? {
        let given = Self.locationRuleKeys.filter { mapping[$0] != nil }
        guard let kind = given.first, let node = mapping[kind] else { return nil }
        if given.count > 1 || Self.scheduleKeys.contains(where: { mapping[$0] != nil }) {
            throw node.error(.invalidValue, "a rule has one trigger: a schedule, arrive or leave")
        }
        let place = try node.mapping("a place ({lat, lon, radius, repeats})", allowed: Self.placeKeys)
        let centre = try coordinate(node)
        let radius = try place["radius"].map { radius throws(ScenarioError) in
            try number(radius, "a radius in metres", in: 1...100_000)
        } ?? 100
        let repeats = try place["repeats"]?.bool("repeats") ?? false
        let region = LocationRegion(identifier: id, latitude: centre.latitude, longitude: centre.longitude, radius: radius,
                                    notifyOnEntry: kind == "arrive", notifyOnExit: kind == "leave")
        let priority = try mapping["priority"]?.int("a priority", in: -1000...1000) ?? 0
        let badge = try mapping["badge"]?.bool("badge") ?? true
        var rule = ScenarioRule(id: id, schedule: .unscheduled, kind: kind, priority: priority,
                                countsTowardBadge: badge)
        rule.location = LocationTrigger(region: region, repeats: repeats)
        try urgency(of: &rule, mapping)
        return rule
    }

    /// `{lat, lon}` (other keys of the mapping are the caller's).
    private func coordinate(_ node: ScenarioNode) throws(ScenarioError) -> Coordinate {
        guard case .mapping = node.node else {
            throw node.error(.wrongType, "expected a position {lat, lon}, found \(node.shape)")
        }
        let mapping = try node.mapping("a position {lat, lon}", allowed: Self.placeKeys + ["id", "name"])
        let latitude = try number(try mapping.required("lat", "the latitude in degrees"), "a latitude", in: -90...90)
        let longitude = try number(try mapping.required("lon", "the longitude in degrees"), "a longitude", in: -180...180)
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private func number(_ node: ScenarioNode, _ what: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let text = try node.string(what)
        guard let value = Double(text), value.isFinite else {
            throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected a number)")
        }
        guard range.contains(value) else {
            throw node.error(.invalidValue, "\(value) is out of range for \(what) (expected \(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }
}
