import Foundation
import GRDB
import Herald
import Synchronization

/// Reads the route session in progress from its tables (``RouteTables``) at the cost
/// of what changed since the last read: the session's JSON is decoded once per session
/// (kept by its `token`), and each read fetches only the visit and delivery rows
/// appended since (their `sequence` is larger).
///
/// A store keeps one and hands it to every ``StateReader``:
///
/// ```swift
/// let session = try routeReader.read(db)   // nil when no route is in progress
/// ```
final class RouteReader: Sendable {
    /// The last session read, with the rows it holds.
    private struct Kept {
        var token: String
        var state: RouteSessionState
        var lastVisit: Int64
        var lastDelivered: Int64
    }

    /// What the reader did, for tests that hold its cost to the rows appended.
    struct Work: Equatable {
        /// Sessions decoded from JSON.
        var sessionsDecoded = 0
        /// Visit rows and delivery rows read.
        var visitRows = 0
        var deliveredRows = 0
    }

    private let kept = Mutex<Kept?>(nil)
    private let counters = Mutex(Work())

    /// What the reader did so far.
    var work: Work { counters.withLock { $0 } }

    func read(_ db: Database) throws -> RouteSessionState? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT token, started_at, completion, completion_acknowledged_at FROM route_session WHERE slot = 1
            """) else { return nil }
        let token: String = try row.decode(atIndex: 0)
        let lastVisit = try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM route_visits") ?? 0
        let lastDelivered = try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM route_delivered") ?? 0
        // A copy of another session, or of a later snapshot than this read's, is not used.
        var current = kept.withLock { $0 }.flatMap { kept in
            kept.token == token && kept.lastVisit <= lastVisit && kept.lastDelivered <= lastDelivered ? kept : nil
        }
        if current == nil {
            current = Kept(token: token, state: try decodeSession(db, startedAt: StoredValue.date(try row.decode(atIndex: 1))),
                           lastVisit: 0, lastDelivered: 0)
        }
        guard var current else { return nil }
        var visitRows = 0, deliveredRows = 0
        try forEachRow("route_visits", """
            SELECT sequence, waypoint_id, visited_at, outcome FROM route_visits WHERE sequence > ? ORDER BY sequence
            """, [current.lastVisit], db) { row in
            let outcome = try json(RouteNotificationOutcome.self, try row.decode(atIndex: 3), in: "route_visits",
                                   what: "a visit's outcome")
            current.state.restore(visit: RouteVisit(waypointID: try row.decode(atIndex: 1),
                                                    date: StoredValue.date(try row.decode(atIndex: 2)), outcome: outcome))
            current.lastVisit = try row.decode(atIndex: 0)
            visitRows += 1
        }
        try forEachRow("route_delivered", """
            SELECT sequence, namespace, entity_id, rule, occurrence, kind FROM route_delivered
            WHERE sequence > ? ORDER BY sequence
            """, [current.lastDelivered], db) { row in
            let kindText: String = try row.decode(atIndex: 5)
            guard let kind = NotificationKind(rawValue: kindText) else {
                throw CorruptValue(table: "route_delivered", detail: "unknown notification kind \"\(kindText)\"")
            }
            current.state.restore(delivered: NotificationIdentifier(
                entity: EntityReference(namespace: try row.decode(atIndex: 1), id: try row.decode(atIndex: 2)),
                rule: try row.decode(atIndex: 3), occurrence: OccurrenceKey(rawValue: try row.decode(atIndex: 4)),
                kind: kind))
            current.lastDelivered = try row.decode(atIndex: 0)
            deliveredRows += 1
        }
        let kept = current
        self.kept.withLock { $0 = kept }
        counters.withLock {
            $0.visitRows += visitRows
            $0.deliveredRows += deliveredRows
        }
        var state = current.state
        let completionText: String? = try row.decode(atIndex: 2)
        state.completion = try completionText.map {
            try json(RouteCompletion.self, $0, in: "route_session", what: "a route completion")
        }
        let acknowledged: Double? = try row.decode(atIndex: 3)
        state.completionAcknowledged = acknowledged.map(StoredValue.date)
        return state
    }

    /// The session, decoded from its JSON: once per session.
    private func decodeSession(_ db: Database, startedAt: Date) throws -> RouteSessionState {
        let text = try String.fetchOne(db, sql: "SELECT session FROM route_session WHERE slot = 1") ?? ""
        let session = try json(RouteSession.self, text, in: "route_session", what: "a route")
        counters.withLock { $0.sessionsDecoded += 1 }
        return RouteSessionState(session: session, startedAt: startedAt)
    }

    private func forEachRow(_ table: String, _ sql: String, _ arguments: StatementArguments, _ db: Database,
                            _ body: (Row) throws -> Void) throws {
        do {
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() { try body(row) }
        } catch let error as RowDecodingError {
            throw CorruptValue(table: table, detail: "\(error)")
        }
    }

    private func json<Value: Decodable>(_ type: Value.Type, _ text: String, in table: String, what: String) throws -> Value {
        do {
            return try StoredValue.decodeJSON(type, from: text)
        } catch {
            throw CorruptValue(table: table, detail: "\(what) is not valid JSON: \(error)")
        }
    }
}
