import Foundation
import Testing
@testable import Herald

/// A state encoded before the features' fields existed still decodes, each of them
/// empty as at a first launch; one that has them keeps them.
@Suite struct EngineStateDecodingTests {
    /// The keys the features' fields added to the encoded state.
    static let featureKeys = ["homeZoneIdentifier", "trip", "scheduledAlarms", "armedLocations",
                              "locationAccess", "routeNotificationsEnabled", "lastPosition"]

    @Test func aStateSavedBeforeTheFeatureFieldsDecodesWithTheirEmptyValues() throws {
        let water = EntityReference(namespace: "habit", id: "water")
        let paused = EngineState(paused: [water], settings: ["reminders": .bool(false)])
        var saved = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(paused)) as? [String: Any])
        for key in Self.featureKeys { saved[key] = nil }
        let old = try JSONSerialization.data(withJSONObject: saved)

        let state = try JSONDecoder().decode(EngineState.self, from: old)
        #expect(state.paused == [water])
        #expect(state.settings == ["reminders": .bool(false)])
        #expect(state.homeZoneIdentifier == nil && state.trip == nil && state.locationAccess == nil
                && state.lastPosition == nil)
        #expect(state.scheduledAlarms.isEmpty)
        #expect(state.armedLocations == ArmedLocations())
        #expect(state.routeNotificationsEnabled)
    }

    @Test func aStateWithTheFeatureFieldsKeepsThem() throws {
        let state = EngineState(homeZoneIdentifier: "Europe/Berlin", armedLocations: ArmedLocations(once: ["a"]),
                                locationAccess: .whenInUse, routeNotificationsEnabled: false,
                                lastPosition: Coordinate(latitude: 52.5, longitude: 13.4))
        let decoded = try JSONDecoder().decode(EngineState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
    }

    @Test func aStateMissingAnEarlierFieldIsStillRefused() throws {
        var saved = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(EngineState())) as? [String: Any])
        saved["completions"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EngineState.self, from: JSONSerialization.data(withJSONObject: saved))
        }
    }
}
