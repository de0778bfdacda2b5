/// A place Herald may ask the platform to watch: a waypoint of the route in progress,
/// or the region of a location reminder.
///
/// ```swift
/// let gym = MonitoredPlace(identifier: "herald:location:habit:gym:arrive:region", kind: .locationReminder,
///                          center: Coordinate(latitude: 52.52, longitude: 13.40), radius: 150, name: "arrive")
/// ```
package struct MonitoredPlace: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, Codable, Comparable {
        /// A waypoint of the route in progress: watched before any location reminder.
        case waypoint
        /// The region of a location-triggered reminder.
        case locationReminder

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs == .waypoint && rhs == .locationReminder }
    }

    /// The region's identifier (the platform compares regions by it).
    public var identifier: String
    public var kind: Kind
    public var center: Coordinate
    /// In metres.
    public var radius: Double
    /// What the app calls it, for people: a waypoint's name, a location reminder's rule id.
    public var name: String

    public init(identifier: String, kind: Kind, center: Coordinate, radius: Double, name: String = "") {
        self.identifier = identifier
        self.kind = kind
        self.center = center
        self.radius = radius
        self.name = name
    }

    public var description: String { "\(kind.rawValue) \(identifier)" }
}
