import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// A file that is not a Herald database, or a Herald database with tables missing, is
/// refused after reading it through a read-only connection: its bytes are unchanged,
/// and no write-ahead log is started beside it.
@Suite struct ForeignFileTests {
    enum ForeignFile: String, CaseIterable, CustomTestStringConvertible {
        /// Another app's database with a `users` table.
        case usersTable
        /// Another app's database with a `settings` table, a name Herald uses too.
        case settingsTable
        /// A GRDB app's database with its own migrations.
        case otherMigrations
        /// A file of 0 bytes.
        case emptyFile

        var testDescription: String { rawValue }

        /// What the message says the file is.
        var contents: String {
            switch self {
            case .usersTable: "the file is an SQLite database with table users that Herald did not create"
            case .settingsTable: "the file is an SQLite database with table settings that Herald did not create"
            case .otherMigrations: "the file is an SQLite database with tables grdb_migrations, users that Herald did not create"
            case .emptyFile: "the file is an empty file (0 bytes) that Herald did not create"
            }
        }
    }

    func makeForeignFile(_ kind: ForeignFile, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("app.sqlite")
        guard kind != .emptyFile else {
            try Data().write(to: URL(filePath: path))
            return path
        }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            switch kind {
            case .usersTable, .otherMigrations:
                try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
                try db.execute(sql: "INSERT INTO users (name) VALUES ('Ada')")
            case .settingsTable:
                try db.execute(sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
            case .emptyFile:
                break
            }
            if kind == .otherMigrations {
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('createUsers')")
            }
        }
        try queue.close()
        return path
    }

    @Test(arguments: ForeignFile.allCases)
    func aFileHeraldDidNotCreateIsRefusedUnchanged(_ kind: ForeignFile) throws {
        // Given another app's file
        let directory = try TemporaryDirectory()
        let path = try makeForeignFile(kind, in: directory)
        let bytes = try Data(contentsOf: URL(filePath: path))

        // When the store opens it, or copies it
        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }
        let copyError = try #require(throws: StoreError.self) { try SQLiteEngineStore.inMemoryCopy(of: path) }

        // Then it is refused as not Herald's, saying what the file is, and left as it was
        #expect(error.code == .notHerald)
        #expect(copyError.code == .notHerald)
        #expect(error.description == "notHerald: the Herald database at \(path): \(kind.contents). Give the path of a Herald database, or a path where no file exists yet to start with empty state; the file was left untouched and Herald will not reset it for you.")
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anEmptyDatabaseIsAFreshStore() throws {
        // Given an SQLite database without tables (as `sqlite3 f.sqlite 'VACUUM'` makes)
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        try queue.close()

        // When the store opens it, then it is Herald's with empty state
        let store = try SQLiteEngineStore(path: path)
        #expect(try store.load() == EngineState())
    }

    @Test func aHeraldDatabaseWithADroppedTableIsCorrupt() throws {
        // Given a Herald database whose deletions table someone dropped
        let directory = try TemporaryDirectory()
        try makeFileStoreWithState(in: directory).close()
        let path = directory.path("herald.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "DROP TABLE deletions") }
        try queue.close()
        let bytes = try Data(contentsOf: URL(filePath: path))

        // When the store opens it
        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }

        // Then it is damaged, the message names the table, and the file is unchanged
        #expect(error.code == .corrupt)
        #expect(error.description.contains("table deletions: missing, though the database's migrations created it"),
                "\(error)")
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
    }

    @Test func anInMemoryCopyReadsTheStateAndLeavesTheFileUnchanged() throws {
        // Given a Herald file holding some state, closed
        let directory = try TemporaryDirectory()
        try makeFileStoreWithState(in: directory).close()
        let path = directory.path("herald.sqlite")
        let bytes = try Data(contentsOf: URL(filePath: path))

        // When it is copied into memory and the copy is changed
        let copy = try SQLiteEngineStore.inMemoryCopy(of: path)
        #expect(try copy.load() == makeExpectedState())
        try copy.commit([.setSetting(key: "reminders.enabled", false)])
        try copy.close()

        // Then the file is byte for byte as it was, and still holds its state
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
        #expect(try SQLiteEngineStore(path: path).load() == makeExpectedState())
    }

    @Test func anInMemoryCopyOfAMissingFileCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")

        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore.inMemoryCopy(of: path) }

        #expect(error.code == .cannotOpen)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
