import Foundation
import GRDB
import Herald

/// The walking route in progress in rows of their own (schema v6), so that its cost
/// per position does not grow with the waypoints reached:
///
/// - `route_session`: one row (`slot` 1): `session_key`
///   (``Herald/RouteSessionState/sessionKey``), `route_id`, `started_at`, `token` (new
///   at every start: what a reader's decoded copy of the route is kept by), `session`
///   (JSON of the ``Herald/RouteSession``, written once), `completion` (JSON of the
///   ``Herald/RouteSessionState/Completion``, or NULL) and `completion_acknowledged_at` (or NULL).
/// - `route_waypoints`: the session's waypoint ids and their `position` in walking order
///   (a visit of an id not there is ignored, as ``Herald/EngineState/apply(_:)`` does).
/// - `route_visits`: one row per waypoint reached, appended: `sequence` (arrival order),
///   `waypoint_id` (unique: the first visit is kept), `visited_at`, `outcome` (JSON of
///   the ``Herald/RouteSessionState/NotificationOutcome``).
/// - `route_delivered`: the session's notifications handed over or delivered, one row
///   each, appended: `sequence` and the identifier's columns (unique).
///
/// ```swift
/// try RouteTables.write(start: state, in: db)   // .startRoute
/// try RouteTables.clear(db)                     // .stopRoute
/// ```
enum RouteTables {
    static let names = ["route_session", "route_waypoints", "route_visits", "route_delivered"]

    /// Creates the v6 tables, moves the v5 row's session into them and drops the v5 table.
    static func migrateFromV5(_ db: Database) throws {
        let old = try String.fetchOne(db, sql: "SELECT state FROM route_session WHERE slot = 1")
        try db.drop(table: "route_session")
        try db.create(table: "route_session", options: .withoutRowID) { t in
            t.primaryKey("slot", .integer).check { $0 == 1 }
            // The short columns first: checking the key reads no page of the session's JSON.
            t.column("session_key", .text).notNull()
            t.column("route_id", .text).notNull()
            t.column("started_at", .double).notNull()
            t.column("token", .text).notNull()
            t.column("completion_acknowledged_at", .double)
            t.column("completion", .text)
            t.column("session", .text).notNull()
        }
        try db.create(table: "route_waypoints", options: .withoutRowID) { t in
            t.primaryKey("waypoint_id", .text)
            t.column("position", .integer).notNull()
        }
        try db.create(table: "route_visits") { t in
            t.primaryKey("sequence", .integer)
            t.column("waypoint_id", .text).notNull().unique()
            t.column("visited_at", .double).notNull()
            t.column("outcome", .text).notNull()
        }
        try db.create(table: "route_delivered") { t in
            t.primaryKey("sequence", .integer)
            t.column("namespace", .text).notNull()
            t.column("entity_id", .text).notNull()
            t.column("rule", .text).notNull()
            t.column("occurrence", .text).notNull()
            t.column("kind", .text).notNull()
            t.uniqueKey(["namespace", "entity_id", "rule", "occurrence", "kind"])
        }
        guard let old else { return }
        let state: RouteSessionState
        do {
            state = try StoredValue.decodeJSON(RouteSessionState.self, from: old)
        } catch {
            throw CorruptValue(table: "route_session", detail: "a route session is not valid JSON: \(error)")
        }
        try write(start: state, in: db)
    }

    /// Replaces the session in progress with `state`, its visits and deliveries.
    static func write(start state: RouteSessionState, in db: Database) throws {
        try clear(db)
        guard let startedAt = StoredValue.seconds(state.startedAt) else {
            throw UnstorableValue(change: .startRoute(state), detail: "the route's start is not a finite instant")
        }
        let acknowledged = try state.completionAcknowledged.map { date in
            guard let seconds = StoredValue.seconds(date) else {
                throw UnstorableValue(change: .startRoute(state), detail: "the completion's acknowledgement is not a finite instant")
            }
            return seconds
        }
        try db.execute(
            sql: """
                INSERT INTO route_session (slot, session_key, route_id, started_at, token, completion_acknowledged_at,
                                           completion, session)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [state.sessionKey, state.session.id, startedAt, UUID().uuidString, acknowledged,
                        try state.completion.map { try json($0, state) }, try json(state.session, state)])
        for (position, waypoint) in state.session.waypoints.enumerated() {
            try db.execute(sql: "INSERT OR IGNORE INTO route_waypoints (waypoint_id, position) VALUES (?, ?)",
                           arguments: [waypoint.id, position])
        }
        let positions = Dictionary(state.session.waypoints.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let visits = state.visits.values.sorted {
            (positions[$0.waypointID] ?? .max, $0.waypointID) < (positions[$1.waypointID] ?? .max, $1.waypointID)
        }
        for visit in visits { try insert(visit, in: db, for: .startRoute(state)) }
        for identifier in state.delivered.sorted(by: { $0.description < $1.description }) {
            try insert(delivered: identifier, in: db)
        }
    }

    static func clear(_ db: Database) throws {
        for table in names { try db.execute(sql: "DELETE FROM \(table)") }
    }

    /// A waypoint reached in the session `key`, when it is the session's and was not reached yet.
    static func record(_ visit: RouteVisit, key: String, in db: Database, for change: EngineStateChange) throws {
        guard try routeID(of: key, in: db) != nil,
              try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM route_waypoints WHERE waypoint_id = ?)",
                                arguments: [visit.waypointID]) == true else { return }
        try insert(visit, in: db, for: change)
    }

    static func complete(_ completion: RouteCompletion, key: String, in db: Database, for change: EngineStateChange) throws {
        try db.execute(sql: "UPDATE route_session SET completion = ? WHERE session_key = ? AND completion IS NULL",
                       arguments: [try StoredValue.json(completion, for: change), key])
    }

    static func acknowledge(at date: Date, key: String, in db: Database, for change: EngineStateChange) throws {
        guard let seconds = StoredValue.seconds(date) else {
            throw UnstorableValue(change: change, detail: "the instant \(date.timeIntervalSinceReferenceDate) is not finite")
        }
        try db.execute(
            sql: """
                UPDATE route_session SET completion_acknowledged_at = ?
                WHERE session_key = ? AND completion_acknowledged_at IS NULL
                """,
            arguments: [seconds, key])
    }

    /// A notification of the session `key` handed over or delivered (one of another
    /// session or route is ignored, as ``Herald/RouteSessionState/owns(_:)`` says).
    static func record(delivered identifier: NotificationIdentifier, key: String, in db: Database) throws {
        guard let routeID = try routeID(of: key, in: db) else { return }
        let occurrence = identifier.occurrence.rawValue
        guard identifier.entity == EntityReference(namespace: RouteSession.namespace, id: routeID),
              identifier.kind == .event, occurrence == key || occurrence.hasPrefix(key + ".") else { return }
        try insert(delivered: identifier, in: db)
    }

    /// The route id of the session in progress when its key is `key`.
    private static func routeID(of key: String, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT route_id FROM route_session WHERE session_key = ?", arguments: [key])
    }

    private static func insert(_ visit: RouteVisit, in db: Database, for change: EngineStateChange) throws {
        guard let seconds = StoredValue.seconds(visit.date) else {
            throw UnstorableValue(change: change, detail: "the instant \(visit.date.timeIntervalSinceReferenceDate) is not finite")
        }
        try db.execute(
            sql: "INSERT OR IGNORE INTO route_visits (waypoint_id, visited_at, outcome) VALUES (?, ?, ?)",
            arguments: [visit.waypointID, seconds, try StoredValue.json(visit.outcome, for: change)])
    }

    private static func insert(delivered identifier: NotificationIdentifier, in db: Database) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO route_delivered (namespace, entity_id, rule, occurrence, kind) VALUES (?, ?, ?, ?, ?)",
            arguments: [identifier.entity.namespace, identifier.entity.id, identifier.rule,
                        identifier.occurrence.rawValue, identifier.kind.rawValue])
    }

    private static func json(_ value: some Encodable, _ state: RouteSessionState) throws -> String {
        try StoredValue.json(value, for: .startRoute(state))
    }
}
