import Foundation

/// A walking route the app starts: its waypoints, how close counts as "reached", and
/// the texts of its notifications.
///
/// Herald sends one spot notification per waypoint reached and, once every waypoint
/// was reached, the completion notification, exactly once per session (seed 001).
///
/// ```swift
/// let walk = try RouteSession(id: "old-town", name: "Old Town", waypoints: [gate, fountain, tower],
///                             proximityThreshold: 30)
/// try await engine.startRoute(walk)
/// try await engine.positionChanged(Coordinate(latitude: 52.5163, longitude: 13.3777))
/// ```
public struct RouteSession: Hashable, Sendable, Codable, Identifiable {
    /// The namespace of every route notification's entity (the entity id is the route's id).
    public static let namespace = "route"

    public var id: String
    public var name: String
    /// The waypoints, in walking order (the route's distance is measured along them).
    public var waypoints: [Waypoint]
    /// How near a position must be to a waypoint to reach it, in metres.
    public var proximityThreshold: Double
    public var messages: RouteMessages
    /// The category of the route's notifications (empty: none).
    public var categoryIdentifier: String

    /// - Throws: ``DeclarationError`` when the id or a waypoint id is empty or too long,
    ///   there are no waypoints, two share an id, a coordinate is out of range, the
    ///   threshold is not a positive number of metres, or a text uses a placeholder it
    ///   does not have (``RouteMessages/validate(of:)``).
    public init(id: String, name: String, waypoints: [Waypoint], proximityThreshold: Double,
                messages: RouteMessages = RouteMessages(), categoryIdentifier: String = "") throws(DeclarationError) {
        self.id = id
        self.name = name
        self.waypoints = waypoints
        self.proximityThreshold = proximityThreshold
        self.messages = messages
        self.categoryIdentifier = categoryIdentifier
        try validate()
    }

    /// Checks what the initializer checks, again (the properties are mutable).
    public func validate() throws(DeclarationError) {
        let owner = "route \(id)"
        try Declaration.checkParts([("route id", id)], of: owner)
        guard !waypoints.isEmpty else { throw .invalidRoute("\(owner) has no waypoints; give it at least one") }
        guard proximityThreshold.isFinite, proximityThreshold > 0 else {
            throw .invalidRoute("the proximity threshold of \(owner) is \(proximityThreshold) metres; it must be a positive number of metres")
        }
        var seen: Set<String> = []
        for (index, waypoint) in waypoints.enumerated() {
            try Declaration.checkParts([("waypoint id", waypoint.id)], of: "waypoint \(index + 1) of \(owner)")
            guard seen.insert(waypoint.id).inserted else {
                throw .invalidRoute("waypoint \(index + 1) of \(owner) repeats the id \(waypoint.id); give each waypoint its own id")
            }
            guard waypoint.coordinate.isValid else {
                throw .invalidRoute("waypoint \(waypoint.id) of \(owner) is at \(waypoint.coordinate), not a coordinate; latitude must be within ±90 and longitude within ±180 degrees")
            }
        }
        try messages.validate(of: owner)
    }

    /// The entity every notification of this route belongs to.
    public var entity: EntityReference { EntityReference(namespace: Self.namespace, id: id) }

    /// The route's length along its waypoints in order, in metres (great-circle legs).
    public var distance: Double {
        zip(waypoints, waypoints.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
    }
}
