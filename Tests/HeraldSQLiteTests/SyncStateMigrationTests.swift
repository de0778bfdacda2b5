import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// Schema v8 adds the sync's tables (`sync_outbox`, `sync_stamps`): a file written by v7
/// opens with everything it held and an empty sync log, as a device that never synced,
/// and keeps the records and stamps committed after.
@Suite struct SyncStateMigrationTests {
    let water = EntityReference(namespace: "habit", id: "water «daily»")
    let start = Date(timeIntervalSince1970: 1_795_248_000.25)

    @Test func aFileWrittenByVersionSevenOpensWithAnEmptySyncLog() throws {
        // Given a v7 file holding a completion, a pause and a home zone, as v7 wrote them
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteEngineStore.migrator.migrate(queue, upTo: "v7")
        let day = LocalDate(year: 2026, month: 11, day: 21)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO completions (namespace, entity_id, day, completed_at) VALUES (?, ?, ?, ?)",
                           arguments: [water.namespace, water.id, "2026-11-21", start.timeIntervalSinceReferenceDate])
            try db.execute(sql: "INSERT INTO paused (namespace, entity_id) VALUES (?, ?)", arguments: [water.namespace, water.id])
            try db.execute(sql: "INSERT INTO feature_state (slot, home_zone) VALUES (1, 'Europe/Berlin')")
        }
        try queue.close()

        // When the file is opened
        let store = try SQLiteEngineStore(path: path)

        // Then what it held is there, the sync log is empty, and v8 ran
        let state = try store.load()
        #expect(state.completions[EntityDay(water, day)] == Completion(entity: water, day: day, date: start))
        #expect(state.paused == [water])
        #expect(state.homeZoneIdentifier == "Europe/Berlin")
        #expect(state.sync == EngineState.SyncLog())
        #expect(try store.statistics().migrations == SQLiteEngineStore.migrator.migrations)
        #expect(SQLiteEngineStore.migrator.migrations.last == "v8")

        // And a record queued and a stamp received afterwards are kept across a reopen
        let record = HeraldSync.Record(device: "phone", instant: start, change: .paused(water))
        let answer = HeraldSync.Record(device: "watch", instant: start.addingTimeInterval(9),
                                       change: .completionUndone(water, day))
        try store.commit([.queueSyncRecord(record), .receiveSyncRecord(answer)])
        let reopened = try SQLiteEngineStore(path: path).load()
        #expect(reopened.sync.outbox == [record])
        #expect(reopened.sync.stamps == [record.subject: record.stamp, answer.subject: answer.stamp])
    }
}
