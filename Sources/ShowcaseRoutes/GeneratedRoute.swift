import Herald

/// A walking route the seed 001 app generates: points of interest to visit, in order.
///
/// ```swift
/// let route = GeneratedRoute(id: "mitte", name: "Mitte", spots: [gate, fountain, tower])
/// ```
public struct GeneratedRoute: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var spots: [Waypoint]

    public init(id: String, name: String, spots: [Waypoint]) {
        self.id = id
        self.name = name
        self.spots = spots
    }

    /// The seed's texts (German), as Herald's route messages.
    public static let messages = RouteMessages(
        spotTitle: "📍 {name}", spotBody: "Du bist bei {name} angekommen.",
        completionTitle: "🎉 Route abgeschlossen!",
        completionBody: "Glückwunsch! Du hast alle {total} Spots deiner Route besucht. Tap hier für deine Erfolgs-Übersicht.")

    /// The session Herald runs for this route, reaching a spot within `proximityThreshold` metres.
    public func session(proximityThreshold: Double) throws -> RouteSession {
        try RouteSession(id: id, name: name, waypoints: spots, proximityThreshold: proximityThreshold,
                         messages: Self.messages, categoryIdentifier: "route")
    }
}
