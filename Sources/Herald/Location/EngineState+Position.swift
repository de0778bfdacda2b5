extension EngineState {
    /// The key of the device's last known position in ``settings``.
    public static let positionSetting = "herald.position"

    /// The device's last known position (``Engine/positionChanged(_:)``): the regions
    /// watched are the nearest to it.
    public var lastPosition: Coordinate? {
        guard case .object(let value)? = settings[Self.positionSetting],
              case .number(let latitude)? = value["latitude"], case .number(let longitude)? = value["longitude"]
        else { return nil }
        let position = Coordinate(latitude: latitude, longitude: longitude)
        return position.isValid ? position : nil
    }
}

extension Coordinate {
    /// The position as Herald keeps it in its settings.
    var json: JSONValue { .object(["latitude": .number(latitude), "longitude": .number(longitude)]) }
}
