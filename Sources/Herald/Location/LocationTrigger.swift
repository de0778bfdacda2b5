/// What makes a location reminder fire: arriving at or leaving a region, once a day or
/// every time (like `UNLocationNotificationTrigger(region:repeats:)`).
///
/// ```swift
/// let gym = LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.40, radius: 150)
/// let rule = try ReminderRule(entity: workout, id: "at-the-gym", location: LocationTrigger(region: gym))
/// ```
public struct LocationTrigger: Hashable, Sendable, Codable {
    /// The region; its `notifyOnEntry` / `notifyOnExit` say arriving, leaving, or both.
    public var region: LocationRegion
    /// Whether it fires on every crossing; otherwise once per day.
    public var repeats: Bool

    public init(region: LocationRegion, repeats: Bool = false) {
        self.region = region
        self.repeats = repeats
    }

    /// The region's centre.
    public var center: Coordinate { Coordinate(latitude: region.latitude, longitude: region.longitude) }
}
