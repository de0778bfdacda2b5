/// A circular geographic region, mirroring `CLCircularRegion`, for location triggers.
///
/// ```swift
/// let gym = LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.40, radius: 150)
/// ```
public struct LocationRegion: Hashable, Sendable, Codable {
    public var identifier: String
    public var latitude: Double
    public var longitude: Double
    /// The radius in metres.
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(
        identifier: String, latitude: Double, longitude: Double, radius: Double,
        notifyOnEntry: Bool = true, notifyOnExit: Bool = false
    ) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// Whether `position` lies inside the region, its edge included, as
    /// `CLCircularRegion.contains(_:)` answers.
    ///
    /// ```swift
    /// gym.contains(Coordinate(latitude: 52.5201, longitude: 13.4001))   // true
    /// ```
    public func contains(_ position: Coordinate) -> Bool {
        Coordinate(latitude: latitude, longitude: longitude).distance(to: position) <= radius
    }
}
