import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// Opening a store runs the named migrations it lacks; a file from a newer Herald is
/// refused with a clear error and left exactly as it was.
@Suite struct MigrationTests {
    @Test func aNewFileGetsEveryMigration() throws {
        let directory = try TemporaryDirectory()

        let store = try SQLiteEngineStore(path: directory.path("herald.sqlite"))

        #expect(try store.statistics().migrations == SQLiteEngineStore.migrator.migrations)
        #expect(SQLiteEngineStore.migrator.migrations.first == "v1")
    }

    @Test func aFileWrittenByVersionOneOpensWithItsState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionOneFile(at: path)

        let store = try SQLiteEngineStore(path: path)

        let state = try store.load()
        #expect(state.isCompleted(water, on: today))
        #expect(state.paused == [run])
        #expect(state.settings == ["reminders.enabled": true])
        #expect(state.fired.values.map(\.identifier) == [makeReminderIdentifier(water)])
        #expect(try store.statistics().migrations == SQLiteEngineStore.migrator.migrations)
    }

    @Test func aFileFromANewerHeraldIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let newer = makeNewerMigrator()
        let written = try SQLiteEngineStore(
            path: path, retention: .standard, configuration: SQLiteEngineStore.makeConfiguration(), migrator: newer
        )
        try written.commit(makeSomeChanges())
        try written.close()
        let bytes = try Data(contentsOf: URL(filePath: path))

        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }

        #expect(error.code == .newerSchema)
        #expect(error.description.contains(path))
        #expect(error.description.contains("v2-route-sessions"))
        #expect(error.description.contains("Update the app"))
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
        let reopenedByTheNewerVersion = try SQLiteEngineStore(
            path: path, retention: .standard, configuration: SQLiteEngineStore.makeConfiguration(), migrator: newer
        )
        #expect(try reopenedByTheNewerVersion.load() == makeExpectedState())
    }

    @Test func anInMemoryDatabaseFromANewerHeraldIsRefusedToo() throws {
        let queue = try DatabaseQueue()
        try makeNewerMigrator().migrate(queue)

        #expect(throws: StoreError.self) {
            try queue.read { db in
                let unknown = try SQLiteEngineStore.migrator.appliedIdentifiers(db)
                    .subtracting(SQLiteEngineStore.migrator.migrations)
                if !unknown.isEmpty { throw StoreError.newerSchema(path: nil, unknownMigrations: unknown.sorted()) }
            }
        }
    }

    // MARK: - Fixtures

    /// What a later Herald might add: one more migration this version does not know.
    private func makeNewerMigrator() -> DatabaseMigrator {
        var migrator = SQLiteEngineStore.migrator
        migrator.registerMigration("v2-route-sessions") { db in
            try db.create(table: "route_sessions") { t in
                t.primaryKey("id", .text)
            }
        }
        return migrator
    }

    /// A database exactly as version one of the schema wrote it, frozen here as SQL so
    /// that later migrations are always tested against a real v1 file.
    private func makeVersionOneFile(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Self.versionOneSchema)
            try db.execute(
                sql: """
                    INSERT INTO completions VALUES ('habit', 'water', '2026-11-21', ?);
                    INSERT INTO paused VALUES ('habit', 'run');
                    INSERT INTO fired_log VALUES (?, 'habit', 'water', 'daily', '20261121T0900', 'reminder', ?);
                    INSERT INTO settings VALUES ('reminders.enabled', 'true');
                    """,
                arguments: [
                    start.timeIntervalSinceReferenceDate,
                    FiredRecord(identifier: makeReminderIdentifier(water), date: start).key,
                    start.timeIntervalSinceReferenceDate,
                ]
            )
        }
        try queue.close()
    }

    private static let versionOneSchema = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1');
        CREATE TABLE "completions" ("namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, "day" TEXT NOT NULL, "completed_at" DOUBLE NOT NULL, PRIMARY KEY ("namespace", "entity_id", "day")) WITHOUT ROWID;
        CREATE TABLE "paused" ("namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, PRIMARY KEY ("namespace", "entity_id")) WITHOUT ROWID;
        CREATE TABLE "deferred_days" ("namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, "day" TEXT NOT NULL, PRIMARY KEY ("namespace", "entity_id", "day")) WITHOUT ROWID;
        CREATE TABLE "snoozes" ("namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, "rule" TEXT NOT NULL, "occurrence" TEXT NOT NULL, "kind" TEXT NOT NULL, "until" DOUBLE NOT NULL, PRIMARY KEY ("namespace", "entity_id", "rule", "occurrence", "kind")) WITHOUT ROWID;
        CREATE TABLE "acknowledgements" ("namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, "rule" TEXT NOT NULL, "occurrence" TEXT NOT NULL, "kind" TEXT NOT NULL, "acknowledged_at" DOUBLE NOT NULL, PRIMARY KEY ("namespace", "entity_id", "rule", "occurrence", "kind")) WITHOUT ROWID;
        CREATE TABLE "fired_log" ("key" TEXT PRIMARY KEY NOT NULL, "namespace" TEXT NOT NULL, "entity_id" TEXT NOT NULL, "rule" TEXT NOT NULL, "occurrence" TEXT NOT NULL, "kind" TEXT NOT NULL, "fired_at" DOUBLE NOT NULL) WITHOUT ROWID;
        CREATE TABLE "queued_responses" ("position" INTEGER PRIMARY KEY, "id" TEXT NOT NULL UNIQUE, "sequence" INTEGER NOT NULL, "received_at" DOUBLE NOT NULL, "response" TEXT NOT NULL);
        CREATE TABLE "handled_responses" ("id" TEXT PRIMARY KEY NOT NULL, "handled_at" DOUBLE NOT NULL) WITHOUT ROWID;
        CREATE TABLE "smart_timing" ("key" TEXT PRIMARY KEY NOT NULL, "suggestion_hour" INTEGER, "suggestion_minute" INTEGER, "suggestion_second" INTEGER, "window_start_hour" INTEGER, "computed_at" DOUBLE NOT NULL) WITHOUT ROWID;
        CREATE TABLE "settings" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL) WITHOUT ROWID;
        """
}
