import Foundation
import Herald

extension EngineStoreProbe {
    /// Each feature's state (home zone, trip, alarms, armed locations, location access,
    /// route notifications, position) is read back as committed, alone and with the
    /// others, and is cleared by its clearing change.
    func featureStateRoundTrips() throws {
        for (set, clear) in S.featureChanges {
            try commit([set])
            try expectLoad(context: "after committing [\(S.kindName(set))]")
            try commit([clear])
            try expectLoad(context: "after clearing it again with [\(S.kindName(clear))]")
            guard try load() == EngineState() else {
                throw failure("[\(S.kindName(clear))] did not bring the state back to a fresh store's")
            }
        }
        try commit(S.featureChanges.map(\.set))
        try expectLoad(context: "after committing every feature's state together")
        let state = try load()
        guard state.homeZone?.identifier == "Europe/Berlin", state.trip == S.trip,
              state.scheduledAlarms == S.scheduledAlarms, state.armedLocations == S.armedLocations,
              state.locationAccess == .whenInUse, !state.routeNotificationsEnabled,
              state.lastPosition == Coordinate(latitude: 52.516_275_123_456_7, longitude: -13.377_704_000_000_1)
        else { throw failure("a feature's state did not come back as committed") }
        try commit(S.featureChanges.map(\.clear))
        try expectLoad(equals: EngineState(), context: "after clearing every feature's state")
    }
}
