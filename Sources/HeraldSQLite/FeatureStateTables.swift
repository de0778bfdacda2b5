import Foundation
import GRDB
import Herald

/// The features' own state in typed tables (schema v7), where earlier schemas kept it as
/// JSON under `herald.*` keys of the `settings` table:
///
/// - `feature_state`: one row (`slot` 1): `home_zone` (the zone's identifier,
///   ``Herald/EngineState/homeZoneIdentifier``), `trip` (JSON of the ``Herald/EngineState.Trip``),
///   `location_access` (``Herald/LocationAccess``'s raw value), `route_notifications`
///   (0 when the app turned them off) and `position_latitude`, `position_longitude`
///   (``Herald/EngineState/lastPosition``). A column is NULL for a value not set; no
///   row is the state of a new store.
/// - `scheduled_alarms`: one row per alarm Herald scheduled: `id` (the alarm's UUID)
///   and `alarm` (JSON of the ``Herald/EngineState/ScheduledAlarm``).
/// - `armed_locations`: one row per location request the last run left pending:
///   `identifier` and `repeats`.
///
/// ```swift
/// try FeatureStateTables.write(.setTrip(trip), in: db)
/// try FeatureStateTables.read(db, into: &state)
/// ```
enum FeatureStateTables {
    static let names = ["feature_state", "scheduled_alarms", "armed_locations"]

    /// Creates the v7 tables.
    static func create(_ db: Database) throws {
        try db.create(table: "feature_state", options: .withoutRowID) { t in
            t.primaryKey("slot", .integer).check { $0 == 1 }
            t.column("home_zone", .text)
            t.column("trip", .text)
            t.column("location_access", .text)
            t.column("route_notifications", .boolean).notNull().defaults(to: true)
            t.column("position_latitude", .double)
            t.column("position_longitude", .double)
        }
        try db.create(table: "scheduled_alarms", options: .withoutRowID) { t in
            t.primaryKey("id", .text)
            t.column("alarm", .text).notNull()
        }
        try db.create(table: "armed_locations", options: .withoutRowID) { t in
            t.primaryKey("identifier", .text)
            t.column("repeats", .boolean).notNull()
        }
    }

    /// Writes one of the features' changes with ``Herald/EngineState/apply(_:)``'s meaning.
    static func write(_ change: EngineStateChange, in db: Database) throws {
        switch change {
        case .setHomeZone(let identifier):
            try set(["home_zone": identifier], in: db)
        case .setTrip(let trip):
            try set(["trip": try trip.map { try StoredValue.json($0, for: change) }], in: db)
        case .setLocationAccess(let access):
            try set(["location_access": access?.rawValue], in: db)
        case .setRouteNotifications(let enabled):
            try set(["route_notifications": enabled], in: db)
        case .setPosition(let position):
            try set(["position_latitude": position?.latitude, "position_longitude": position?.longitude], in: db)
        case .setScheduledAlarms(let alarms):
            try db.execute(sql: "DELETE FROM scheduled_alarms")
            for (id, alarm) in alarms {
                try db.execute(sql: "INSERT INTO scheduled_alarms (id, alarm) VALUES (?, ?)",
                               arguments: [id.uuidString, try StoredValue.json(alarm, for: change)])
            }
        case .setArmedLocations(let armed):
            try db.execute(sql: "DELETE FROM armed_locations")
            for (identifiers, repeats) in [(armed.once, false), (armed.repeating, true)] {
                for identifier in identifiers {
                    try db.execute(sql: "INSERT OR REPLACE INTO armed_locations (identifier, repeats) VALUES (?, ?)",
                                   arguments: [identifier, repeats])
                }
            }
        default:
            preconditionFailure("\(change) is not a feature's change")
        }
    }

    /// Sets columns of the one row, making it when there is none.
    private static func set(_ columns: KeyValuePairs<String, (any DatabaseValueConvertible)?>, in db: Database) throws {
        let names = columns.map(\.key)
        try db.execute(
            sql: """
                INSERT INTO feature_state (slot, \(names.joined(separator: ", ")))
                VALUES (1, \(names.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT (slot) DO UPDATE SET \(names.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                """,
            arguments: StatementArguments(columns.map(\.value)))
    }

    /// Reads the features' state into `state`.
    static func read(_ db: Database, into state: inout EngineState) throws {
        do {
            try readRows(db, into: &state)
        } catch let error as RowDecodingError {
            throw CorruptValue(table: "feature_state", detail: "\(error)")
        }
    }

    private static func readRows(_ db: Database, into state: inout EngineState) throws {
        if let row = try Row.fetchOne(db, sql: """
            SELECT home_zone, trip, location_access, route_notifications, position_latitude, position_longitude
            FROM feature_state WHERE slot = 1
            """) {
            state.homeZoneIdentifier = try row.decode(atIndex: 0)
            if let text: String = try row.decode(atIndex: 1) {
                state.trip = try decode(EngineState.Trip.self, text, in: "feature_state", what: "a trip")
            }
            if let name: String = try row.decode(atIndex: 2) {
                guard let access = LocationAccess(rawValue: name) else {
                    throw CorruptValue(table: "feature_state", detail: "unknown location access \"\(name)\"")
                }
                state.locationAccess = access
            }
            state.routeNotificationsEnabled = try row.decode(atIndex: 3)
            if let latitude: Double = try row.decode(atIndex: 4), let longitude: Double = try row.decode(atIndex: 5) {
                state.lastPosition = Coordinate(latitude: latitude, longitude: longitude)
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, alarm FROM scheduled_alarms") {
            let text: String = try row.decode(atIndex: 0)
            guard let id = UUID(uuidString: text) else {
                throw CorruptValue(table: "scheduled_alarms", detail: "\"\(text)\" is not an alarm id")
            }
            state.scheduledAlarms[id] = try decode(ScheduledAlarm.self, try row.decode(atIndex: 1), in: "scheduled_alarms", what: "an alarm")
        }
        var armed = ArmedLocations()
        for row in try Row.fetchAll(db, sql: "SELECT identifier, repeats FROM armed_locations") {
            let identifier: String = try row.decode(atIndex: 0)
            if try row.decode(atIndex: 1) as Bool { armed.repeating.append(identifier) } else { armed.once.append(identifier) }
        }
        armed.once.sort()
        armed.repeating.sort()
        state.armedLocations = armed
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String, in table: String,
                                                 what: String) throws -> Value {
        do {
            return try StoredValue.decodeJSON(type, from: text)
        } catch {
            throw CorruptValue(table: table, detail: "\(what) is not valid JSON: \(error)")
        }
    }
}
