import Foundation
import Herald
import Testing
@testable import HeraldSQLite

/// The file store itself: WAL mode, persistence across relaunches, several
/// connections on one file, statistics and closing.
@Suite struct SQLiteEngineStoreTests {
    @Test func aFileStoreUsesWriteAheadLogging() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")

        let store = try makeFileStoreWithState(in: directory)

        #expect(try store.statistics().journalMode == "wal")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anInMemoryStoreKeepsItsStateInMemory() throws {
        let store = try SQLiteEngineStore.inMemory()
        try store.commit(makeSomeChanges())

        #expect(store.path == nil)
        #expect(try store.statistics().journalMode == "memory")
        #expect(try store.load() == makeExpectedState())
    }

    @Test func stateSurvivesClosingAndReopeningTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeFileStoreWithState(in: directory).close()

        let reopened = try SQLiteEngineStore(path: path)

        #expect(try reopened.load() == makeExpectedState())
    }

    @Test func stateSurvivesAStoreReleasedWithoutClosing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        do {
            _ = try makeFileStoreWithState(in: directory)
        }

        #expect(try SQLiteEngineStore(path: path).load() == makeExpectedState())
    }

    @Test func twoStoresOnOneFileSeeEachOthersCommits() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let app = try SQLiteEngineStore(path: path)
        let widget = try SQLiteEngineStore(path: path)

        try app.commit(makeSomeChanges())

        #expect(try widget.load() == makeExpectedState())
    }

    @Test func statisticsCountTheRowsOfEachTable() throws {
        let store = try SQLiteEngineStore.inMemory()
        try store.commit(makeSomeChanges())

        let statistics = try store.statistics()

        #expect(Set(statistics.rowCounts.keys) == Set(SQLiteEngineStore.tables))
        #expect(statistics.rowCounts["completions"] == 1)
        #expect(statistics.rowCounts["fired_log"] == 1)
        #expect(statistics.rowCounts["queued_responses"] == 0)
        #expect(statistics.migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        #expect(statistics.size == statistics.pageCount * statistics.pageSize)
    }

    @Test func anEmptyCommitChangesNothing() throws {
        let store = try SQLiteEngineStore.inMemory()

        try store.commit([])

        #expect(try store.load() == EngineState())
    }

    @Test func aClosedStoreThrowsAStoreError() throws {
        let directory = try TemporaryDirectory()
        let store = try makeFileStoreWithState(in: directory)

        try store.close()

        #expect(throws: StoreError.self) { try store.load() }
        #expect(throws: StoreError.self) { try store.commit(makeSomeChanges()) }
    }
}
