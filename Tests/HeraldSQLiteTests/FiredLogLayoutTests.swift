import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// The fired log keyed by its columns, earliest first (migration "v5"): a file written
/// by v4 keeps every record, and the log keeps `EngineState`'s meaning of a record's
/// key.
@Suite struct FiredLogLayoutTests {
    /// An entity whose identifier needs escaping in its text form.
    private let oddEntity = EntityReference(namespace: "habit", id: "tea:50%")

    @Test func aFileWrittenByVersionFourOpensWithEveryRecord() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let records = [
            FiredRecord(identifier: makeReminderIdentifier(water), date: start),
            // A repeating request delivered twice: two records of one identifier.
            FiredRecord(identifier: makeReminderIdentifier(water), date: start.addingTimeInterval(86_400)),
            FiredRecord(identifier: makeReminderIdentifier(oddEntity, hour: 21), date: start.addingTimeInterval(0.25)),
        ]
        let completion = Completion(entity: water, day: today, date: start.addingTimeInterval(60))
        try makeVersionFourFile(at: path, records: records, completion: completion)

        let store = try SQLiteEngineStore(path: path)

        var expected = EngineState()
        for record in records { expected.apply(.recordFired(record)) }
        expected.apply(.recordCompletion(completion))
        #expect(try store.load() == expected)
        #expect(try store.statistics().migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        // The bounded read keeps what is at or after its cutoff, as before.
        let since = try store.load(since: start.addingTimeInterval(1))
        #expect(Set(since.fired.values) == [records[1]])
        try store.close()
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.read { db in
            let columns = try db.columns(in: "fired_log").map(\.name)
            #expect(columns == ["fired_at", "namespace", "entity_id", "rule", "occurrence", "kind"])
            #expect(try db.primaryKey("fired_log").columns == columns)
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            #expect(indexes == ["acknowledgements_by_date", "completions_by_day", "handled_responses_by_date",
                                "posted_events_by_date"])
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
        }
    }

    @Test func aRecordReplacesTheOneWithTheSameKeyAsEngineStateDoes() throws {
        // Two instants a rounding step apart whose seconds since 1970, the number in
        // FiredRecord.key, are the same: one record for EngineState.
        var seconds = start.timeIntervalSinceReferenceDate + 0.5
        for _ in 0..<8 where Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince1970
            != Date(timeIntervalSinceReferenceDate: seconds.nextUp).timeIntervalSince1970 {
            seconds = seconds.nextUp
        }
        let first = FiredRecord(identifier: makeReminderIdentifier(water),
                                date: Date(timeIntervalSinceReferenceDate: seconds))
        let second = FiredRecord(identifier: makeReminderIdentifier(water),
                                 date: Date(timeIntervalSinceReferenceDate: seconds.nextUp))
        try #require(first.key == second.key)
        try #require(first.date != second.date)
        // The same instant for another identifier is another record.
        let other = FiredRecord(identifier: makeReminderIdentifier(run), date: first.date)
        for batches in [[[other], [first], [second]], [[other], [second, first]], [[other, first, second]]] {
            let store = try SQLiteEngineStore.inMemory()
            var expected = EngineState()

            for batch in batches {
                try store.commit(batch.map(EngineStateChange.recordFired))
                for record in batch { expected.apply(.recordFired(record)) }
            }

            #expect(try store.load() == expected)
            #expect(try store.load().fired.count == 2)
            #expect(try store.statistics().rowCounts["fired_log"] == 2)
        }
    }

    // MARK: - Fixtures

    /// A file as the v4 schema wrote it: the migrations up to "v4" (shipped ones are
    /// never edited), and rows written with v4's statements, the fired log's `key`
    /// column holding FiredRecord.key.
    private func makeVersionFourFile(at path: String, records: [FiredRecord], completion: Completion) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteEngineStore.migrator.migrate(queue, upTo: "v4")
        try queue.write { db in
            for record in records {
                let identifier = record.identifier
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO fired_log (key, namespace, entity_id, rule, occurrence, kind, fired_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [record.key, identifier.entity.namespace, identifier.entity.id, identifier.rule,
                                identifier.occurrence.rawValue, identifier.kind.rawValue,
                                record.date.timeIntervalSinceReferenceDate]
                )
            }
            try db.execute(
                sql: "INSERT INTO completions (namespace, entity_id, day, completed_at) VALUES (?, ?, ?, ?)",
                arguments: [completion.entity.namespace, completion.entity.id, completion.day.description,
                            completion.date.timeIntervalSinceReferenceDate]
            )
        }
        try queue.close()
    }
}
