import Foundation
import GRDB
import Herald

/// Writes one ``Herald/EngineStateChange`` inside the store's write transaction, with
/// exactly ``Herald/EngineState/apply(_:)``'s meaning. Each statement is keyed by the
/// table's primary key, so writing a change twice leaves the same rows as once.
struct ChangeWriter {
    let db: Database

    func apply(_ change: EngineStateChange) throws {
        switch change {
        case .recordCompletion, .removeCompletion, .pause, .resume, .forget, .deferDay, .recordDeletion:
            try applyEntityChange(change)
        case .snooze, .removeSnooze, .acknowledge, .enqueueResponse, .markResponseHandled:
            try applyResponseChange(change)
        case .setSmartTiming, .setSetting, .postEvent:
            try applyValueChange(change)
        case .recordFired(let record):
            try recordFired(record, for: change)
        case .prune(let cutoff):
            try prune(before: cutoff, for: change)
        case .startRoute(let session):
            try RouteTables.write(start: session, in: db)
        case .stopRoute:
            try RouteTables.clear(db)
        // The session's own rules (first visit kept, one completion), each one row
        // appended or one column set: nothing grows with the waypoints reached.
        case .recordRouteVisit(let key, let visit):
            try RouteTables.record(visit, key: key, in: db, for: change)
        case .completeRoute(let key, let completion):
            try RouteTables.complete(completion, key: key, in: db, for: change)
        case .recordRouteDelivered(let key, let identifier):
            try RouteTables.record(delivered: identifier, key: key, in: db)
        case .acknowledgeRouteCompletion(let key, let date):
            try RouteTables.acknowledge(at: date, key: key, in: db, for: change)
        case .setHomeZone, .setTrip, .setScheduledAlarms, .setArmedLocations, .setLocationAccess,
             .setRouteNotifications, .setPosition:
            try FeatureStateTables.write(change, in: db)
        case .queueSyncRecord, .receiveSyncRecord, .removeSyncRecords:
            try SyncTables.write(change, in: db)
        }
    }

    /// An entity's completions, pause and deferred days, its deletion, or all its rows forgotten.
    private func applyEntityChange(_ change: EngineStateChange) throws {
        switch change {
        case .recordCompletion(let completion):
            try db.execute(
                sql: "INSERT OR REPLACE INTO completions (namespace, entity_id, day, completed_at) VALUES (?, ?, ?, ?)",
                arguments: entityArguments(completion.entity)
                    + [day(completion.day, for: change), StoredValue.seconds(completion.date, for: change)]
            )
        case .removeCompletion(let entity, let localDay):
            try db.execute(
                sql: "DELETE FROM completions WHERE namespace = ? AND entity_id = ? AND day = ?",
                arguments: entityArguments(entity) + [day(localDay, for: change)]
            )
        case .pause(let entity):
            try db.execute(
                sql: "INSERT OR IGNORE INTO paused (namespace, entity_id) VALUES (?, ?)",
                arguments: entityArguments(entity)
            )
        case .resume(let entity):
            try db.execute(
                sql: "DELETE FROM paused WHERE namespace = ? AND entity_id = ?",
                arguments: entityArguments(entity)
            )
        case .forget(let entity):
            // The fired log, smart timing, settings and responses are not the entity's.
            for table in ["paused", "completions", "deferred_days", "snoozes", "acknowledgements", "posted_events"] {
                try db.execute(
                    sql: "DELETE FROM \(table) WHERE namespace = ? AND entity_id = ?",
                    arguments: entityArguments(entity)
                )
            }
        case .deferDay(let entityDay):
            try db.execute(
                sql: "INSERT OR IGNORE INTO deferred_days (namespace, entity_id, day) VALUES (?, ?, ?)",
                arguments: entityArguments(entityDay.entity) + [day(entityDay.day, for: change)]
            )
        case .recordDeletion(let entity, let date):
            // The latest deletion is kept.
            try db.execute(
                sql: """
                    INSERT INTO deletions (namespace, entity_id, deleted_at) VALUES (?, ?, ?)
                    ON CONFLICT (namespace, entity_id) DO UPDATE SET deleted_at = max(deleted_at, excluded.deleted_at)
                    """,
                arguments: entityArguments(entity) + [StoredValue.seconds(date, for: change)]
            )
        default:
            preconditionFailure("\(change) is not handled by applyEntityChange")
        }
    }

    /// Snoozes, acknowledgements and the queue of responses.
    private func applyResponseChange(_ change: EngineStateChange) throws {
        switch change {
        case .snooze(let record):
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO snoozes (namespace, entity_id, rule, occurrence, kind, until)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: identifierArguments(record.original) + [StoredValue.seconds(record.until, for: change)]
            )
        case .removeSnooze(let original):
            try db.execute(
                sql: "DELETE FROM snoozes WHERE \(Self.identifierMatch)",
                arguments: identifierArguments(original)
            )
        case .acknowledge(let identifier, let date):
            // The latest acknowledgement is kept.
            try db.execute(
                sql: """
                    INSERT INTO acknowledgements (namespace, entity_id, rule, occurrence, kind, acknowledged_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (namespace, entity_id, rule, occurrence, kind)
                    DO UPDATE SET acknowledged_at = max(acknowledged_at, excluded.acknowledged_at)
                    """,
                arguments: identifierArguments(identifier) + [StoredValue.seconds(date, for: change)]
            )
        case .enqueueResponse(let queued):
            let handled = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM handled_responses WHERE id = ?)", arguments: [queued.id]
            ) ?? false
            guard !handled else { return }
            // A response already queued keeps its place (the unique id ignores it).
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO queued_responses (id, sequence, received_at, response, effect)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    queued.id, queued.sequence, StoredValue.seconds(queued.receivedAt, for: change),
                    StoredValue.json(queued.response, for: change), StoredValue.json(queued.effect, for: change),
                ]
            )
        case .markResponseHandled(let id, let date):
            try db.execute(sql: "DELETE FROM queued_responses WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "INSERT OR IGNORE INTO handled_responses (id, handled_at) VALUES (?, ?)",
                arguments: [id, StoredValue.seconds(date, for: change)]
            )
        default:
            preconditionFailure("\(change) is not handled by applyResponseChange")
        }
    }

    /// Smart timing's state, a setting, a posted event.
    private func applyValueChange(_ change: EngineStateChange) throws {
        switch change {
        case .setSmartTiming(let key, nil):
            try db.execute(sql: "DELETE FROM smart_timing WHERE key = ?", arguments: [key])
        case .setSmartTiming(let key, let state?):
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO smart_timing
                        (key, suggestion_hour, suggestion_minute, suggestion_second, window_start_hour, computed_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key, state.suggestion?.hour, state.suggestion?.minute, state.suggestion?.second,
                    state.windowStartHour, StoredValue.seconds(state.computedAt, for: change),
                ]
            )
        case .setSetting(let key, nil):
            try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
        case .setSetting(let key, let value?):
            try db.execute(
                sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                arguments: [key, StoredValue.json(value, for: change)]
            )
        case .postEvent(let event):
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO posted_events
                        (namespace, entity_id, rule, occurrence, kind, content, fire_at, posted_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: identifierArguments(event.identifier)
                    + [StoredValue.json(event.content, for: change), StoredValue.seconds(event.fireDate, for: change),
                       StoredValue.seconds(event.postedAt, for: change)]
            )
        default:
            preconditionFailure("\(change) is not handled by applyValueChange")
        }
    }
    /// Records a delivery with ``Herald/EngineState/FiredRecord/key``'s meaning: a record replaces
    /// the one of the same identifier whose instant has the same seconds since 1970
    /// (the key's number), which is the same stored instant except when two instants
    /// a rounding step apart round to one number there. The row is keyed by its columns
    /// (v5); the look-up for such a neighbour reads a few rows of the primary key.
    private func recordFired(_ record: FiredRecord, for change: EngineStateChange) throws {
        let firedAt = try StoredValue.seconds(record.date, for: change)
        let keySeconds = record.date.timeIntervalSince1970 // what FiredRecord.key writes
        let slack = 4 * max(keySeconds.ulp, firedAt.ulp)
        try db.execute(
            sql: """
                DELETE FROM fired_log WHERE fired_at BETWEEN ? AND ? AND fired_at <> ? AND \(Self.identifierMatch)
                    AND fired_at + ? = ?
                """,
            arguments: [firedAt - slack, firedAt + slack, firedAt] + identifierArguments(record.identifier)
                + [Date.timeIntervalBetween1970AndReferenceDate, keySeconds]
        )
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO fired_log (fired_at, namespace, entity_id, rule, occurrence, kind)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [firedAt] + identifierArguments(record.identifier)
        )
    }

    /// Retention, as ``Herald/EngineState/apply(_:)`` does it: instants before the
    /// cutoff go, and completed and deferred days before the day preceding the cutoff's.
    private func prune(before cutoff: Date, for change: EngineStateChange) throws {
        let cutoffSeconds = try StoredValue.seconds(cutoff, for: change)
        for (table, column) in [
            ("fired_log", "fired_at"), ("handled_responses", "handled_at"), ("acknowledgements", "acknowledged_at"),
            ("snoozes", "until"), ("posted_events", "fire_at"), ("deletions", "deleted_at"),
        ] {
            try db.execute(sql: "DELETE FROM \(table) WHERE \(column) < ?", arguments: [cutoffSeconds])
        }
        try SyncTables.prune(before: cutoffSeconds, in: db)
        let cutoffDay = LocalDateTime(wallSeconds: Int(cutoff.timeIntervalSince1970)).date.adding(days: -1)
        // Stored days are valid four-digit-year dates: a cutoff outside them keeps all or none.
        let cutoffText = cutoffDay.year < 0 ? "" : cutoffDay.year > 9999 ? "A" : cutoffDay.description
        try db.execute(sql: "DELETE FROM deferred_days WHERE day < ?", arguments: [cutoffText])
        try db.execute(sql: "DELETE FROM completions WHERE day < ?", arguments: [cutoffText])
    }

    // MARK: - Arguments

    static let identifierMatch = "namespace = ? AND entity_id = ? AND rule = ? AND occurrence = ? AND kind = ?"

    private func entityArguments(_ entity: EntityReference) -> StatementArguments {
        [entity.namespace, entity.id]
    }

    private func identifierArguments(_ identifier: NotificationIdentifier) -> StatementArguments {
        [identifier.entity.namespace, identifier.entity.id, identifier.rule, identifier.occurrenceText.rawValue,
         identifier.kind.rawValue]
    }

    private func day(_ day: LocalDate, for change: EngineStateChange) throws -> String {
        guard let text = StoredValue.dayText(day) else {
            throw UnstorableValue(change: change, detail: "\(day) is not a calendar date with a four-digit year")
        }
        return text
    }
}
