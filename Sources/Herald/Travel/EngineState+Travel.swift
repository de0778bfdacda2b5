import Foundation

extension EngineState {
    /// The zone the user lives in: the first zone Herald saw, or the one the app set
    /// (``Engine/setHomeZone(_:)``); `nil` before the first run.
    public var homeZone: TimeZone? {
        homeZoneIdentifier.flatMap(TimeZone.init(identifier:))
    }

    /// Whether `rule` keeps home time in `deviceZone`: away from home, on a trip whose
    /// choice for it is ``TravelPrompt/Choice/keepHome``.
    public func keepsHomeTime(_ rule: ReminderRule.ID, in deviceZone: TimeZone) -> Bool {
        guard let home = homeZoneIdentifier, home != deviceZone.identifier, let trip else { return false }
        return trip.choice(for: rule) == .keepHome
    }
}
