import Foundation
import GRDB
import Herald

extension FeatureStateTables {
    /// The `settings` keys under which schemas before v7 kept the features' state.
    static let legacyKeys = [
        "herald.homeZone", "herald.trip", "herald.alarms", "herald.armedLocations", "herald.locationAccess",
        "herald.routeNotifications", "herald.position",
    ]

    /// Creates the v7 tables, moves into them the values earlier schemas kept under
    /// ``legacyKeys`` and deletes those keys. A value read as the engine read it then:
    /// one it could not read (a trip in an unknown zone, a position off the globe) is
    /// dropped, as the engine ignored it.
    static func migrateFromSettings(_ db: Database) throws {
        try create(db)
        var values: [String: JSONValue] = [:]
        let placeholders = legacyKeys.map { _ in "?" }.joined(separator: ", ")
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM settings WHERE key IN (\(placeholders))",
                                    arguments: StatementArguments(legacyKeys)) {
            values[row[0]] = try? StoredValue.decodeJSON(JSONValue.self, from: row[1])
        }
        for change in changes(from: values) { try write(change, in: db) }
        try db.execute(sql: "DELETE FROM settings WHERE key IN (\(placeholders))", arguments: StatementArguments(legacyKeys))
    }

    /// The changes that set the features' state kept in `settings` as schemas before v7 did.
    static func changes(from settings: [String: JSONValue]) -> [EngineStateChange] {
        var changes: [EngineStateChange] = []
        if case .string(let zone)? = settings["herald.homeZone"] { changes.append(.setHomeZone(identifier: zone)) }
        if let value = settings["herald.trip"], let trip = decoded(EngineState.Trip.self, from: value) { changes.append(.setTrip(trip)) }
        if case .string(let name)? = settings["herald.locationAccess"], let access = LocationAccess(rawValue: name) {
            changes.append(.setLocationAccess(access))
        }
        if settings["herald.routeNotifications"] == .bool(false) { changes.append(.setRouteNotifications(enabled: false)) }
        if case .object(let value)? = settings["herald.position"],
           case .number(let latitude)? = value["latitude"], case .number(let longitude)? = value["longitude"] {
            let position = Coordinate(latitude: latitude, longitude: longitude)
            if position.isValid { changes.append(.setPosition(position)) }
        }
        if case .string(let text)? = settings["herald.alarms"],
           let kept = try? StoredValue.decodeJSON([String: ScheduledAlarm].self, from: text) {
            let alarms = Dictionary(kept.compactMap { key, alarm in UUID(uuidString: key).map { ($0, alarm) } },
                                    uniquingKeysWith: { first, _ in first })
            if !alarms.isEmpty { changes.append(.setScheduledAlarms(alarms)) }
        }
        if case .object(let kept)? = settings["herald.armedLocations"] {
            func strings(_ key: String) -> [String] {
                guard case .array(let values)? = kept[key] else { return [] }
                return values.compactMap { if case .string(let text) = $0 { text } else { nil } }.sorted()
            }
            let armed = ArmedLocations(once: strings("once"), repeating: strings("repeating"))
            if !armed.isEmpty { changes.append(.setArmedLocations(armed)) }
        }
        return changes
    }

    private static func decoded<Value: Decodable>(_ type: Value.Type, from value: JSONValue) -> Value? {
        guard let text = try? StoredValue.json(value) else { return nil }
        return try? StoredValue.decodeJSON(type, from: text)
    }
}
