import Foundation
import Herald
import Testing
@testable import HeraldSQLite

/// The home zone and a trip's choices, as Herald's travel step records them, read back
/// from the SQLite file after it was closed: what a relaunch (or a crash) finds.
@Suite struct TravelStoreTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let pill = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "pill"), rule: "morning")

    @Test func theHomeZoneAndTheTripsChoicesSurviveReopeningTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")

        // Given the first run in Berlin, a run in New York, and the pill kept at home time,
        // each committed as the engine commits them
        do {
            let store = try SQLiteEngineStore(path: path)
            var state = EngineState()
            let home = TravelStep.noticing(deviceZone: berlin, state: state).changes
            try store.commit(home)
            for change in home { state.apply(change) }
            let arrived = TravelStep.noticing(deviceZone: newYork, state: state).changes
            try store.commit(arrived)
            for change in arrived { state.apply(change) }
            try store.commit(TravelStep.choosing(.keepHome, for: pill, deviceZone: newYork, state: state))
            try store.close()
        }

        // When the file is opened again
        let reopened = try SQLiteEngineStore(path: path).load()

        // Then home is Berlin, the trip is in New York, and the pill keeps home time
        #expect(reopened.homeZone == berlin)
        #expect(reopened.trip == EngineState.Trip(zone: newYork, rules: [pill: .keepHome]))
        #expect(reopened.keepsHomeTime(pill, in: newYork))
        // and the next run in New York neither records nor announces anything again
        let again = TravelStep.noticing(deviceZone: newYork, state: reopened)
        #expect(again.changes.isEmpty && !again.reports)
    }
}
