/// One place of a walking route: the spot a notification announces when the user
/// comes within the session's proximity threshold of it.
///
/// ```swift
/// let fountain = Waypoint(id: "fountain", name: "Neptune Fountain",
///                         coordinate: Coordinate(latitude: 52.5190, longitude: 13.4040))
/// ```
public struct Waypoint: Hashable, Sendable, Codable, Identifiable {
    /// Unique within its route; the identity of its spot notification.
    public var id: String
    public var name: String
    public var coordinate: Coordinate

    public init(id: String, name: String, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
    }
}
