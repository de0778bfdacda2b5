import GRDB

extension SQLiteEngineStore {
    /// The tables of the schema, one per kind of state.
    static let tables = [
        "completions", "paused", "deferred_days", "snoozes", "acknowledgements", "fired_log", "queued_responses",
        "handled_responses", "smart_timing", "settings", "posted_events", "deletions", "route_session",
        "route_waypoints", "route_visits", "route_delivered",
    ] + FeatureStateTables.names + SyncTables.names

    /// Measures the database: its size, its journal mode and the rows of each table.
    ///
    /// ```swift
    /// try store.statistics().journalMode // "wal"
    /// ```
    public func statistics() throws -> StoreStatistics {
        do {
            let migrator = Self.migrator
            return try writer.read { db in
                var rowCounts: [String: Int] = [:]
                for table in Self.tables {
                    rowCounts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                }
                return StoreStatistics(
                    rowCounts: rowCounts,
                    pageCount: try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0,
                    freePageCount: try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0,
                    pageSize: try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0,
                    journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                    migrations: try migrator.appliedMigrations(db)
                )
            }
        } catch {
            throw StoreError.translating(error, path: path, during: .read)
        }
    }
}
