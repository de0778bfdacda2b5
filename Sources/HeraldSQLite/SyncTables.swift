import Foundation
import GRDB
import Herald

/// The sync between the user's devices (``Herald/EngineState/SyncLog``), in two tables
/// of schema v8:
///
/// - `sync_outbox`: one row per record made here and not yet sent: `id`
///   (``Herald/HeraldSync/Record/id``), `position` (the order records were made in),
///   `instant` (seconds, for retention) and `record` (JSON of the ``Herald/HeraldSync/Record``).
/// - `sync_stamps`: the stamp that holds for each subject (``Herald/EngineState/SyncLog/stamps``):
///   `subject`, `instant` and `device`.
///
/// ```swift
/// try SyncTables.write(.queueSyncRecord(record), in: db)
/// try SyncTables.read(db, since: nil, into: &state)
/// ```
enum SyncTables {
    static let names = ["sync_outbox", "sync_stamps"]

    /// Creates the v8 tables; a store written before them has no sync state, as a first launch.
    static func create(_ db: Database) throws {
        try db.create(table: "sync_outbox", options: .withoutRowID) { t in
            t.primaryKey("id", .text)
            t.column("position", .integer).notNull()
            t.column("instant", .double).notNull()
            t.column("record", .text).notNull()
        }
        try db.create(table: "sync_stamps", options: .withoutRowID) { t in
            t.primaryKey("subject", .text)
            t.column("instant", .double).notNull()
            t.column("device", .text).notNull()
        }
    }

    /// Writes one of the sync's changes with ``Herald/EngineState/apply(_:)``'s meaning.
    static func write(_ change: EngineStateChange, in db: Database) throws {
        switch change {
        case .queueSyncRecord(let record):
            let instant = try StoredValue.seconds(record.instant, for: change)
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO sync_outbox (id, position, instant, record)
                    VALUES (?, (SELECT IFNULL(MAX(position), 0) + 1 FROM sync_outbox), ?, ?)
                    """,
                arguments: [record.id, instant, try StoredValue.json(record, for: change)])
            try stamp(record, in: db, change)
        case .receiveSyncRecord(let record):
            try stamp(record, in: db, change)
        case .removeSyncRecords(let ids):
            for id in ids { try db.execute(sql: "DELETE FROM sync_outbox WHERE id = ?", arguments: [id]) }
        default:
            preconditionFailure("\(change) is not a change of the sync")
        }
    }

    /// Keeps `record`'s stamp for its subject when it supersedes the one kept
    /// (``Herald/HeraldSync/Record/supersedes(_:)``).
    private static func stamp(_ record: HeraldSync.Record, in db: Database, _ change: EngineStateChange) throws {
        let kept = try Row.fetchOne(db, sql: "SELECT instant, device FROM sync_stamps WHERE subject = ?",
                                    arguments: [record.subject])
        guard record.supersedes(kept.map { HeraldSync.Stamp(instant: StoredValue.date($0[0]), device: $0[1]) }) else {
            return
        }
        try db.execute(sql: "INSERT OR REPLACE INTO sync_stamps (subject, instant, device) VALUES (?, ?, ?)",
                       arguments: [record.subject, try StoredValue.seconds(record.instant, for: change), record.device])
    }

    /// Drops what the retention drops: records and stamps before `cutoff` (seconds).
    static func prune(before cutoff: Double, in db: Database) throws {
        for table in names { try db.execute(sql: "DELETE FROM \(table) WHERE instant < ?", arguments: [cutoff]) }
    }

    /// Reads the sync's state into `state`: all of it, or (`since`) what the retention
    /// at `since` keeps.
    static func read(_ db: Database, since: Double?, into state: inout EngineState) throws {
        let recent = since.map { " WHERE instant >= \($0)" } ?? ""
        var log = EngineState.SyncLog()
        for row in try Row.fetchAll(db, sql: "SELECT record FROM sync_outbox\(recent) ORDER BY position") {
            let text: String = row[0]
            do {
                log.outbox.append(try StoredValue.decodeJSON(HeraldSync.Record.self, from: text))
            } catch {
                throw CorruptValue(table: "sync_outbox", detail: "a record is not valid JSON: \(error)")
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT subject, instant, device FROM sync_stamps\(recent)") {
            log.stamps[row[0]] = HeraldSync.Stamp(instant: StoredValue.date(row[1]), device: row[2])
        }
        state.sync = log
    }
}
