import Foundation
import GRDB
import Herald

/// Reads ``Herald/EngineState`` from the store's tables, in one read transaction (a
/// consistent snapshot): all of it, or with the history limited to what a prune at a
/// cutoff would keep.
struct StateReader {
    let db: Database
    var since: Date?
    /// Reads the route session (the store's own, which keeps what it decoded).
    var routeReader: RouteReader
    /// Whether the fired log is read (`false`: the caller has it, ``RecentStateCache``).
    var readsFired: Bool

    init(db: Database, since: Date? = nil, routeReader: RouteReader = RouteReader(), readsFired: Bool = true) {
        self.db = db
        self.since = since
        self.routeReader = routeReader
        self.readsFired = readsFired
    }

    /// A `WHERE` clause keeping rows whose `column` is at or after the cutoff.
    private func recent(_ column: String) -> String {
        guard let since, let seconds = StoredValue.seconds(since) else { return "" }
        return " WHERE \(column) >= \(seconds)"
    }

    private var recentDays: String {
        guard let since, let day = StoredValue.dayText(EngineState.firstKeptDay(before: since)) else { return "" }
        return " WHERE day >= '\(day)'"
    }

    func read() throws -> EngineState {
        var state = EngineState()

        try forEachRow("completions", "SELECT namespace, entity_id, day, completed_at FROM completions" + recentDays) { row in
            let completion = Completion(entity: try entity(row, at: 0), day: try day(row, at: 2, in: "completions"),
                                        date: try date(row, at: 3))
            state.completions[completion.entityDay] = completion
        }
        try forEachRow("paused", "SELECT namespace, entity_id FROM paused") { row in
            state.paused.insert(try entity(row, at: 0))
        }
        try forEachRow("deferred_days", "SELECT namespace, entity_id, day FROM deferred_days" + recentDays) { row in
            state.deferred.insert(EntityDay(try entity(row, at: 0), try day(row, at: 2, in: "deferred_days")))
        }
        try forEachRow("snoozes", "SELECT \(Self.identifierColumns), until FROM snoozes" + recent("until")) { row in
            let record = SnoozeRecord(original: try identifier(row, at: 0, in: "snoozes"), until: try date(row, at: 5))
            state.snoozes[record.original] = record
        }
        try forEachRow("acknowledgements", "SELECT \(Self.identifierColumns), acknowledged_at FROM acknowledgements" + recent("acknowledged_at")) { row in
            state.acknowledged[try identifier(row, at: 0, in: "acknowledgements")] = try date(row, at: 5)
        }
        if readsFired {
            try forEachRow("fired_log", "SELECT \(Self.identifierColumns), fired_at FROM fired_log" + recent("fired_at")) { row in
                let record = FiredRecord(identifier: try identifier(row, at: 0, in: "fired_log"), date: try date(row, at: 5))
                state.fired[record.key] = record
            }
        }
        try forEachRow(
            "queued_responses", "SELECT sequence, received_at, response, effect FROM queued_responses ORDER BY position"
        ) { row in
            let response = try json(NotificationResponse.self, row, at: 2, in: "queued_responses", what: "a response")
            let effectText: String? = try row.decode(atIndex: 3)
            let effect = try effectText.map { text in
                try json(ActionEffect.self, text, in: "queued_responses", what: "a response's effect")
            } ?? ActionEffect.none
            state.queuedResponses.append(QueuedResponse(
                response: response, receivedAt: try date(row, at: 1), sequence: try row.decode(atIndex: 0), effect: effect))
        }
        try forEachRow(
            "posted_events",
            "SELECT \(Self.identifierColumns), content, fire_at, posted_at FROM posted_events" + recent("fire_at")
        ) { row in
            let event = PostedEvent(
                identifier: try identifier(row, at: 0, in: "posted_events"),
                content: try json(NotificationContent.self, row, at: 5, in: "posted_events", what: "a content"),
                fireDate: try date(row, at: 6), postedAt: try date(row, at: 7))
            state.postedEvents[event.identifier] = event
        }
        try forEachRow("deletions", "SELECT namespace, entity_id, deleted_at FROM deletions" + recent("deleted_at")) { row in
            state.deletions[try entity(row, at: 0)] = try date(row, at: 2)
        }
        try forEachRow("handled_responses", "SELECT id, handled_at FROM handled_responses" + recent("handled_at")) { row in
            state.handledResponses[try row.decode(atIndex: 0)] = try date(row, at: 1)
        }
        try forEachRow(
            "smart_timing",
            """
            SELECT key, suggestion_hour, suggestion_minute, suggestion_second, window_start_hour, computed_at
            FROM smart_timing
            """
        ) { row in
            let hour: Int? = try row.decode(atIndex: 1)
            let suggestion = try hour.map { hour in
                LocalTime(hour: hour, minute: try row.decode(atIndex: 2), second: try row.decode(atIndex: 3))
            }
            state.smartTiming[try row.decode(atIndex: 0)] = SmartTimingState(
                suggestion: suggestion, windowStartHour: try row.decode(atIndex: 4), computedAt: try date(row, at: 5)
            )
        }
        try forEachRow("settings", "SELECT key, value FROM settings") { row in
            state.settings[try row.decode(atIndex: 0)] = try json(JSONValue.self, row, at: 1, in: "settings", what: "a value")
        }
        state.routeSession = try routeReader.read(db)
        try FeatureStateTables.read(db, into: &state)
        try SyncTables.read(db, since: since.flatMap(StoredValue.seconds), into: &state)
        return state
    }

    // MARK: - Columns

    private static let identifierColumns = "namespace, entity_id, rule, occurrence, kind"

    private func forEachRow(_ table: String, _ sql: String, _ body: (Row) throws -> Void) throws {
        do {
            let rows = try Row.fetchCursor(db, sql: sql)
            while let row = try rows.next() { try body(row) }
        } catch let error as RowDecodingError {
            throw CorruptValue(table: table, detail: "\(error)")
        }
    }

    /// A JSON column's value, or ``CorruptValue`` naming the table.
    private func json<Value: Decodable>(_ type: Value.Type, _ row: Row, at index: Int, in table: String,
                                        what: String) throws -> Value {
        try json(type, try row.decode(atIndex: index) as String, in: table, what: what)
    }

    private func json<Value: Decodable>(_ type: Value.Type, _ text: String, in table: String, what: String) throws -> Value {
        do {
            return try StoredValue.decodeJSON(type, from: text)
        } catch {
            throw CorruptValue(table: table, detail: "\(what) is not valid JSON: \(error)")
        }
    }

    private func entity(_ row: Row, at index: Int) throws -> EntityReference {
        EntityReference(namespace: try row.decode(atIndex: index), id: try row.decode(atIndex: index + 1))
    }

    private func identifier(_ row: Row, at index: Int, in table: String) throws -> NotificationIdentifier {
        let kindText: String = try row.decode(atIndex: index + 4)
        guard let kind = NotificationKind(rawValue: kindText) else {
            throw CorruptValue(table: table, detail: "unknown notification kind \"\(kindText)\"")
        }
        return NotificationIdentifier(
            entity: try entity(row, at: index), rule: try row.decode(atIndex: index + 2),
            occurrence: OccurrenceKey(rawValue: try row.decode(atIndex: index + 3)), kind: kind
        )
    }

    private func day(_ row: Row, at index: Int, in table: String) throws -> LocalDate {
        let text: String = try row.decode(atIndex: index)
        guard let day = StoredValue.day(text) else {
            throw CorruptValue(table: table, detail: "\"\(text)\" is not a date")
        }
        return day
    }

    private func date(_ row: Row, at index: Int) throws -> Date {
        StoredValue.date(try row.decode(atIndex: index))
    }
}
