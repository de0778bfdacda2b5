import Foundation
import GRDB

extension SQLiteEngineStore {
    /// Writes this store's whole database over the Herald database file at `path`, in
    /// one transaction: the file then holds exactly this store's state, or (when the
    /// write fails, the disk is full, or the process is killed half way) still exactly
    /// what it held before. `herald simulate --state` plays on a copy in memory
    /// (``inMemoryCopy(of:retention:)``) and saves it this way, so a stopped run leaves
    /// the file at its last save.
    ///
    /// ```swift
    /// let working = try SQLiteEngineStore.inMemoryCopy(of: path)
    /// try working.commit(changes)
    /// try working.save(toFileAt: path)   // all of the changes, or none
    /// ```
    ///
    /// - Parameter path: A Herald database (``init(path:retention:)`` made it); its
    ///   `-wal` is emptied into it afterwards when the disk has room for it.
    /// - Throws: ``StoreError`` (``StoreError/Code/full`` for a full disk).
    public func save(toFileAt path: String) throws {
        try save(toFileAt: path, configuration: Self.makeConfiguration())
    }

    /// Saves with a given GRDB configuration (tests use it to simulate a full disk).
    func save(toFileAt path: String, configuration: Configuration) throws {
        do {
            let destination = try DatabasePool(path: path, configuration: configuration)
            do {
                try writer.backup(to: destination)
            } catch {
                try? destination.close()
                throw error
            }
            // The state is saved once the backup committed (in the `-wal`): emptying the
            // log into the file is tidying, which a full disk may stop (SQLite finishes
            // it when the file is next opened).
            try? destination.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try? destination.close()
        } catch {
            throw StoreError.translating(error, path: path, during: .write)
        }
    }
}
