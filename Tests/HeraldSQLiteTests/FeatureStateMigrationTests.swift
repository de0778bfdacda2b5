import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// Schema v7 moves the features' state out of the `settings` table, where v6 kept it as
/// JSON under `herald.*` keys, into typed tables: a file written by v6 opens with every
/// value, and the old keys are gone.
@Suite struct FeatureStateMigrationTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let pill = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "pill"), rule: "morning")
    let walk = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "walk «park»"), rule: "noon")
    let alarmID = UUID(uuidString: "6F1C1B0E-8B8A-4C5E-9E0F-2B1D3C4A5E60")!
    let start = Date(timeIntervalSince1970: 1_795_248_000.25)

    @Test func aFileWrittenByVersionSixOpensWithEveryFeaturesState() throws {
        // Given a v6 file holding each of the seven values as v6 wrote them, and a
        // setting of the app's own
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionSixFile(at: path, settings: try versionSixSettings())

        // When the file is opened
        let store = try SQLiteEngineStore(path: path)

        // Then every value came over, typed, and only the app's setting is left
        let state = try store.load()
        #expect(state.homeZoneIdentifier == "Europe/Berlin")
        #expect(state.homeZone == berlin)
        #expect(state.trip == EngineState.Trip(zone: newYork, allRules: .keepHome, rules: [pill: .followLocal, walk: .keepHome]))
        #expect(state.scheduledAlarms == [alarmID: alarm])
        #expect(state.armedLocations == ArmedLocations(once: ["herald:location:a", "herald:location:b"],
                                                       repeating: ["herald:location:c"]))
        #expect(state.locationAccess == .whenInUse)
        #expect(state.routeNotificationsEnabled == false)
        #expect(state.lastPosition == Coordinate(latitude: 52.516_275_123, longitude: 13.377_704))
        #expect(state.settings == ["reminders.enabled": true])
        #expect(try store.statistics().migrations == SQLiteEngineStore.migrator.migrations)
        let keys = try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT key FROM settings") }
        #expect(keys == ["reminders.enabled"])
    }

    @Test func aFileWrittenByVersionSixWithoutTheKeysOpensWithAFreshStoresFeatures() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionSixFile(at: path, settings: ["reminders.enabled": "true"])

        let state = try SQLiteEngineStore(path: path).load()

        #expect(state == EngineState(settings: ["reminders.enabled": true]))
    }

    @Test func valuesTheEngineCouldNotReadAreDropped() throws {
        // Given v6 values the engine ignored: a trip in an unknown zone, a position off
        // the globe, an unknown location access, alarms that are not JSON
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionSixFile(at: path, settings: [
            "herald.trip": #"{"zone":"Mars/Olympus"}"#, "herald.position": #"{"latitude":91,"longitude":0}"#,
            "herald.locationAccess": #""sometimes""#, "herald.alarms": #""not json""#,
            "herald.routeNotifications": "true",
        ])

        let state = try SQLiteEngineStore(path: path).load()

        // Then they are dropped, as the engine ignored them
        #expect(state == EngineState())
    }

    // MARK: - Fixtures

    var alarm: ScheduledAlarm {
        ScheduledAlarm(identifier: NotificationIdentifier(entity: pill.entity, rule: pill.rule,
                                                          occurrence: OccurrenceKey(rawValue: "20261121T0800"), kind: .reminder),
                       schedule: .fixed(start), title: "Take the pill 💊", secondary: .snooze(title: "Later", minutes: 9),
                       category: "habit")
    }

    /// The `settings` rows v6 wrote, value as JSON text: the alarms as the engine encoded
    /// them (a JSON string of the alarms by id, keys sorted), the rest as literal text.
    func versionSixSettings() throws -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let alarms = String(decoding: try encoder.encode([alarmID.uuidString: alarm]), as: UTF8.self)
        return [
            "herald.homeZone": #""Europe/Berlin""#,
            "herald.trip": #"{"all":"keepHome","rules":[{"choice":"followLocal","entity":"pill","namespace":"habit","rule":"morning"},{"choice":"keepHome","entity":"walk «park»","namespace":"habit","rule":"noon"}],"zone":"America/New_York"}"#,
            "herald.alarms": String(decoding: try encoder.encode(alarms), as: UTF8.self),
            "herald.armedLocations": #"{"once":["herald:location:a","herald:location:b"],"repeating":["herald:location:c"]}"#,
            "herald.locationAccess": #""whenInUse""#,
            "herald.routeNotifications": "false",
            "herald.position": #"{"latitude":52.516275123,"longitude":13.377704}"#,
            "reminders.enabled": "true",
        ]
    }

    /// A file with the schema v6 built (today's migrations up to v6) and `settings`.
    func makeVersionSixFile(at path: String, settings: [String: String]) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteEngineStore.migrator.migrate(queue, upTo: "v6")
        try queue.write { db in
            for (key, value) in settings {
                try db.execute(sql: "INSERT INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        }
        try queue.close()
    }
}
