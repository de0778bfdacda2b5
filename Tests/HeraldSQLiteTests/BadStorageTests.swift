import HeraldTestSupport
import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// A file the store cannot use gives a ``StoreError`` naming it and saying what to do;
/// the store never resets it, and what was saved before a failed write stays intact.
@Suite struct BadStorageTests {
    enum DamagedFile: String, CaseIterable, CustomTestStringConvertible {
        /// Random bytes: not a database at all.
        case randomBytes
        /// A text file someone saved at the database's path.
        case textFile
        /// A real Herald database whose pages after the first were overwritten.
        case overwrittenPages

        var testDescription: String { rawValue }
    }

    @Test(arguments: DamagedFile.allCases)
    func aDamagedFileIsRefusedAndLeftAsItWas(_ damage: DamagedFile) throws {
        let directory = try TemporaryDirectory()
        let path = try makeDamagedFile(damage, in: directory)
        let bytes = try Data(contentsOf: URL(filePath: path))

        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }

        #expect(error.code == .corrupt)
        #expect(error.path == path)
        #expect(error.description.contains(path))
        #expect(error.description.contains("Restore the file from a backup, or delete it to start over"))
        #expect(error.description.contains("Herald will not reset it for you"))
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
    }

    enum UnopenablePath: String, CaseIterable, CustomTestStringConvertible {
        /// A folder where the file should be.
        case directory
        /// A file in a folder that does not exist.
        case missingFolder

        var testDescription: String { rawValue }
    }

    @Test(arguments: UnopenablePath.allCases)
    func aPathThatCannotBeOpenedSaysSo(_ kind: UnopenablePath) throws {
        let directory = try TemporaryDirectory()
        let path: String
        switch kind {
        case .directory:
            path = directory.path("herald.sqlite")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .missingFolder:
            path = directory.path("missing/herald.sqlite")
        }

        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }

        #expect(error.code == .cannotOpen)
        #expect(error.description.contains(path))
        #expect(error.description.contains("Check that the path names a file in an existing folder"))
    }

    /// The superuser reads and writes any file, so this runs only as another user.
    @Test(.enabled(if: getuid() != 0, "root ignores file permissions"))
    func aFileWithoutPermissionSaysSoAndIsLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeFileStoreWithState(in: directory).close()
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }

        let error = try #require(throws: StoreError.self) { try SQLiteEngineStore(path: path) }

        #expect(error.code == .cannotOpen)
        #expect(error.description.contains(path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try SQLiteEngineStore(path: path).load() == makeExpectedState())
    }

    @Test func aFullDiskFailsTheCommitAndKeepsThePreviousState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let store = try makeFileStoreWithState(in: directory)
        try store.simulateFullDisk(true)

        let error = try #require(throws: StoreError.self) { try store.commit(makeLargeBatch()) }

        #expect(error.code == .full)
        #expect(error.description.contains(path))
        #expect(error.description.contains("Free some storage space and retry the event"))
        #expect(try store.load() == makeExpectedState())
        try store.close()
        #expect(try SQLiteEngineStore(path: path).load() == makeExpectedState())
    }

    @Test func aFullDiskIsMatchableByItsCode() throws {
        let store = try SQLiteEngineStore.inMemory()
        try store.commit(makeSomeChanges())
        try store.simulateFullDisk(true)

        var caught = false
        do {
            try store.commit(makeLargeBatch())
        } catch StoreError.Code.full {
            caught = true
        }

        #expect(caught)
        try store.simulateFullDisk(false)
        try store.commit(makeLargeBatch())
        #expect(try store.load().settings.count == 301)
    }

    @Test(arguments: [
        EngineStateChange.setSetting(key: "ratio", .number(.infinity)),
        .recordCompletion(Completion(entity: water, day: LocalDate(year: 2026, month: 13, day: 40), date: start)),
        .snooze(SnoozeRecord(original: makeReminderIdentifier(water), until: Date(timeIntervalSinceReferenceDate: .infinity))),
    ])
    func aChangeThatCannotBeStoredFailsItsWholeBatch(_ unstorable: EngineStateChange) throws {
        let store = try SQLiteEngineStore.inMemory()
        try store.commit(makeSomeChanges())

        let error = try #require(throws: StoreError.self) {
            try store.commit([.pause(water), .setSetting(key: "other", 1), unstorable])
        }

        #expect(error.code == .unstorableValue)
        #expect(error.description.contains("none of the batch's changes were saved"))
        #expect(try store.load() == makeExpectedState())
    }

    @Test func aFileDamagedAfterOpeningGivesACorruptErrorOnLoad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let store = try makeFileStoreWithState(in: directory)
        try store.commit([.setSetting(key: "queued", "not JSON yet")])
        // Someone writes a value Herald would never write.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE settings SET value = '{not json' WHERE key = 'queued'")
        }

        let error = try #require(throws: StoreError.self) { try store.load() }

        #expect(error.code == .corrupt)
        #expect(error.description.contains(path))
        #expect(error.description.contains("settings"))
    }

    // MARK: - Fixtures

    private func makeDamagedFile(_ damage: DamagedFile, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("herald.sqlite")
        switch damage {
        case .randomBytes:
            var generator = SeededGenerator(seed: 7)
            try Data((0..<8_192).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).write(to: URL(filePath: path))
        case .textFile:
            try Data("These are my notes, not a database.\n".utf8).write(to: URL(filePath: path))
        case .overwrittenPages:
            let store = try makeFileStoreWithState(in: directory)
            try store.commit(makeLargeBatch())
            try store.close()
            var data = try Data(contentsOf: URL(filePath: path))
            var generator = SeededGenerator(seed: 11)
            for index in 4_096..<data.count { data[index] = UInt8.random(in: .min ... .max, using: &generator) }
            try data.write(to: URL(filePath: path))
        }
        return path
    }
}
