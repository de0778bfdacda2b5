import Foundation

extension EngineState {
    /// The key of the home zone in ``settings``.
    public static let homeZoneSetting = "herald.homeZone"
    /// The key of the trip in progress in ``settings``.
    public static let tripSetting = "herald.trip"

    /// The zone the user lives in: the first zone Herald saw, or the one the app set
    /// (``Engine/setHomeZone(_:)``); `nil` before the first run.
    public var homeZone: TimeZone? {
        homeZoneIdentifier.flatMap(TimeZone.init(identifier:))
    }

    /// The identifier of ``homeZone``: what a run compares with the device's zone,
    /// without making a zone.
    var homeZoneIdentifier: String? {
        guard case .string(let name)? = settings[Self.homeZoneSetting] else { return nil }
        return name
    }

    /// The trip in progress while the device is away from ``homeZone``, with the
    /// app's choices (``Trip``); `nil` at home.
    public var trip: Trip? { Trip(json: settings[Self.tripSetting]) }

    /// Whether `rule` keeps home time in `deviceZone`: away from home, on a trip whose
    /// choice for it is ``TravelChoice/keepHome``.
    public func keepsHomeTime(_ rule: ReminderRule.ID, in deviceZone: TimeZone) -> Bool {
        guard let home = homeZoneIdentifier, home != deviceZone.identifier, let trip else { return false }
        return trip.choice(for: rule) == .keepHome
    }
}
