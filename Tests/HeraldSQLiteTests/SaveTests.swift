import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// `SQLiteEngineStore.save(toFileAt:)`: a store in memory replaces a file's state in one
/// transaction, all of it or (a full disk) none.
struct SaveTests {
    func makeFolder() throws -> (path: String, remove: @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path, { try? FileManager.default.removeItem(atPath: path) })
    }

    let water = EntityReference(namespace: "habit", id: "water")
    let walk = EntityReference(namespace: "habit", id: "walk")

    /// A state file in `folder` holding one change, water paused: its path.
    func fileWithWaterPaused(in folder: String) throws -> String {
        let path = folder + "/state.sqlite"
        let file = try SQLiteEngineStore(path: path)
        try file.commit([.pause(water)])
        try file.close()
        return path
    }

    @Test func aCopyInMemorySavedToItsFileIsWhatTheFileHoldsAfterwards() throws {
        // Given a file with water paused, and a copy of it that also pauses walk
        let folder = try makeFolder()
        defer { folder.remove() }
        let path = try fileWithWaterPaused(in: folder.path)
        let copy = try SQLiteEngineStore.inMemoryCopy(of: path)
        try copy.commit([.pause(walk), .setSetting(key: "k", .string("v"))])
        #expect(try SQLiteEngineStore(path: path).load().paused == [water])

        // When the copy is saved to the file
        try copy.save(toFileAt: path)

        // Then the file holds both, alone (its log emptied into it)
        let reopened = try SQLiteEngineStore(path: path)
        #expect(try reopened.load().paused == [water, walk])
        #expect(try reopened.load().settings["k"] == .string("v"))
        try reopened.close()
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect((wal ?? 0) == 0)
    }

    @Test func aSaveOnAFullDiskLeavesTheFileAsItWas() throws {
        // Given a file, and a copy holding more than its pages
        let folder = try makeFolder()
        defer { folder.remove() }
        let path = try fileWithWaterPaused(in: folder.path)
        let copy = try SQLiteEngineStore.inMemoryCopy(of: path)
        try copy.commit((0..<2_000).map { .setSetting(key: "key \($0)", .string(String(repeating: "x", count: 200))) })

        // When it is saved to a disk that has no room for a new page
        var full = SQLiteEngineStore.makeConfiguration()
        full.prepareDatabase { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(max(pages, 1))")
        }
        let error = #expect(throws: StoreError.self) { try copy.save(toFileAt: path, configuration: full) }

        // Then it fails as a full disk, and the file holds its state as before
        #expect(error?.code == .full)
        #expect(try SQLiteEngineStore(path: path).load().paused == [water])
        #expect(try SQLiteEngineStore(path: path).load().settings.isEmpty)
    }
}
