import GRDB

extension SQLiteEngineStore {
    /// The migrations that build the schema, in order, each a named function. Opening a
    /// store runs those not yet applied; a file with migrations not listed here was
    /// written by a newer Herald and is refused (``StoreError/Code/newerSchema``).
    /// v6 puts the walking route in rows of their own (``RouteTables``); v7 moves the
    /// features' state out of `settings` into typed tables (``FeatureStateTables``).
    ///
    /// Conventions: an entity is `namespace` + `entity_id`; a notification identifier
    /// is those plus `rule`, `occurrence` and `kind` (exact for any text, unlike its
    /// string form); a local day is ISO 8601 text (`2026-11-21`, which sorts by date);
    /// an instant is `Date.timeIntervalSinceReferenceDate` as a REAL (exact round trip).
    /// Every primary key is the key of the matching ``Herald/EngineState`` property, so
    /// applying a change twice leaves one row.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createTables)
        migrator.registerMigration("v2", migrate: indexHistoryByDate)
        migrator.registerMigration("v3", migrate: addPostedEventsAndDeletions)
        migrator.registerMigration("v4", migrate: addRouteSession)
        migrator.registerMigration("v5", migrate: keyFiredLogByColumns)
        migrator.registerMigration("v6", migrate: RouteTables.migrateFromV5)
        migrator.registerMigration("v7", migrate: FeatureStateTables.migrateFromSettings)
        migrator.registerMigration("v8", migrate: SyncTables.create)
        // Migrations of later versions go here ("v9", ...). Never edit one that shipped.
        return migrator
    }

    /// v1: the tables of the first schema, one per kind of state.
    private static func createTables(_ db: Database) throws {
        try db.create(table: "completions", options: .withoutRowID) { t in
            t.primaryKey {
                t.column("namespace", .text)
                t.column("entity_id", .text)
                t.column("day", .text)
            }
            t.column("completed_at", .double).notNull()
        }
        try db.create(table: "paused", options: .withoutRowID) { t in
            t.primaryKey {
                t.column("namespace", .text)
                t.column("entity_id", .text)
            }
        }
        try db.create(table: "deferred_days", options: .withoutRowID) { t in
            t.primaryKey {
                t.column("namespace", .text)
                t.column("entity_id", .text)
                t.column("day", .text)
            }
        }
        try db.create(table: "snoozes", options: .withoutRowID) { t in
            t.primaryKey { identifierColumns(t) }
            t.column("until", .double).notNull()
        }
        try db.create(table: "acknowledgements", options: .withoutRowID) { t in
            t.primaryKey { identifierColumns(t) }
            t.column("acknowledged_at", .double).notNull()
        }
        try db.create(table: "fired_log", options: .withoutRowID) { t in
            // FiredRecord.key: the identifier and the delivery instant.
            t.primaryKey("key", .text)
            identifierColumns(t)
            t.column("fired_at", .double).notNull()
        }
        try db.create(table: "queued_responses") { t in
            // The rowid: arrival order (a new row always gets the largest).
            t.primaryKey("position", .integer)
            t.column("id", .text).notNull().unique()
            t.column("sequence", .integer).notNull()
            t.column("received_at", .double).notNull()
            // JSON of the NotificationResponse: the delivered request, its
            // content and trigger, are opaque to the store.
            t.column("response", .text).notNull()
        }
        try db.create(table: "handled_responses", options: .withoutRowID) { t in
            t.primaryKey("id", .text)
            t.column("handled_at", .double).notNull()
        }
        try db.create(table: "smart_timing", options: .withoutRowID) { t in
            t.primaryKey("key", .text)
            // The suggested local time; all three NULL when there is none.
            t.column("suggestion_hour", .integer)
            t.column("suggestion_minute", .integer)
            t.column("suggestion_second", .integer)
            t.column("window_start_hour", .integer)
            t.column("computed_at", .double).notNull()
        }
        try db.create(table: "settings", options: .withoutRowID) { t in
            t.primaryKey("key", .text)
            // JSON of the setting's JSONValue.
            t.column("value", .text).notNull()
        }
    }

    /// v2: indexes for the engine's bounded reads (`load(since:)`) and for pruning.
    private static func indexHistoryByDate(_ db: Database) throws {
        try db.create(index: "fired_log_by_date", on: "fired_log", columns: ["fired_at"])
        try db.create(index: "completions_by_date", on: "completions", columns: ["completed_at"])
        try db.create(index: "acknowledgements_by_date", on: "acknowledgements", columns: ["acknowledged_at"])
        try db.create(index: "handled_responses_by_date", on: "handled_responses", columns: ["handled_at"])
    }

    /// v3: posted events and deletion records (the engine is the only writer of the
    /// center: both wait in the store for its next run); the effect a response had
    /// when it arrived; completions kept by their day.
    private static func addPostedEventsAndDeletions(_ db: Database) throws {
        try db.create(table: "posted_events", options: .withoutRowID) { t in
            t.primaryKey { identifierColumns(t) }
            // JSON of the NotificationContent.
            t.column("content", .text).notNull()
            t.column("fire_at", .double).notNull()
            t.column("posted_at", .double).notNull()
        }
        try db.create(index: "posted_events_by_date", on: "posted_events", columns: ["fire_at"])
        try db.create(table: "deletions", options: .withoutRowID) { t in
            t.primaryKey {
                t.column("namespace", .text)
                t.column("entity_id", .text)
            }
            t.column("deleted_at", .double).notNull()
        }
        // JSON of the ActionEffect; NULL for responses queued before v3 (no effect).
        try db.alter(table: "queued_responses") { t in t.add(column: "effect", .text) }
        try db.create(index: "completions_by_day", on: "completions", columns: ["day"])
    }

    /// v4: the walking route in progress (seed 001): one row, the RouteSessionState as
    /// JSON, so its visits, completion and deliveries change together with the
    /// event that made them.
    private static func addRouteSession(_ db: Database) throws {
        try db.create(table: "route_session", options: .withoutRowID) { t in
            t.primaryKey("slot", .integer).check { $0 == 1 }
            t.column("session_key", .text).notNull()
            t.column("state", .text).notNull()
        }
    }

    /// v5: the fired log keyed by its columns, earliest first (a year's
    /// file held the log's text `key` twice, in the table and in its date index).
    /// Its primary key, the delivery instant then the identifier, serves the
    /// engine's bounded reads and the prune as the date index did, so that index
    /// goes with the old table. `completions_by_date` goes too: completions are
    /// read and pruned by their day (`completions_by_day`, v3). Every row is kept:
    /// two v4 rows never share an identifier and an instant (their keys would be
    /// equal). The freed pages are reused by later writes.
    private static func keyFiredLogByColumns(_ db: Database) throws {
        try db.create(table: "fired_log_v5", options: .withoutRowID) { t in
            t.primaryKey {
                t.column("fired_at", .double).notNull()
                identifierColumns(t)
            }
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO fired_log_v5 (fired_at, namespace, entity_id, rule, occurrence, kind)
            SELECT fired_at, namespace, entity_id, rule, occurrence, kind FROM fired_log
            """)
        try db.drop(table: "fired_log")
        try db.rename(table: "fired_log_v5", to: "fired_log")
        try db.drop(index: "completions_by_date")
    }

    private static func identifierColumns(_ t: TableDefinition) {
        t.column("namespace", .text).notNull()
        t.column("entity_id", .text).notNull()
        t.column("rule", .text).notNull()
        t.column("occurrence", .text).notNull()
        t.column("kind", .text).notNull()
    }
}
