import Foundation
import GRDB
import Herald

/// An ``Herald/EngineStore`` on SQLite: Herald's state survives crashes, kills and
/// relaunches, and each event's changes are saved in one transaction.
///
/// The store owns its database. On a file it uses a GRDB `DatabasePool` in WAL mode
/// (reads never wait for a write); ``inMemory(retention:)`` uses a `DatabaseQueue` in
/// memory, for tests and previews. Opening runs the schema's named migrations ("v1",
/// ...). A file the store cannot use (damaged, unreadable, written by a newer Herald)
/// gives a ``StoreError`` that names it and says what to do; the store never resets it.
///
/// ```swift
/// let store = try SQLiteEngineStore(path: supportFolder.appending(path: "herald.sqlite").path)
/// try store.commit([.recordCompletion(Completion(entity: water, day: today, date: now))])
/// try store.load().isCompleted(water, on: today) // true, also after a relaunch
/// try store.applyRetention(now: now)             // keeps the file bounded
/// ```
public final class SQLiteEngineStore: EngineStore, Sendable {
    /// The database file, or `nil` for an in-memory store.
    public let path: String?
    /// How much history ``applyRetention(now:)`` keeps.
    public let retention: RetentionPolicy
    /// The connection(s): a `DatabasePool` on a file, a `DatabaseQueue` in memory.
    let writer: any DatabaseWriter

    /// Opens the database at `path`, creating the file when it does not exist, and
    /// brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: The database file. Its folder must exist. SQLite keeps two companion
    ///     files beside it while it is open (`-wal` and `-shm`); back up or move all three.
    ///   - retention: How much history ``applyRetention(now:)`` keeps.
    /// - Throws: ``StoreError`` when the file cannot be opened, is damaged, or was
    ///   written by a newer Herald. The file is left as it was.
    public convenience init(path: String, retention: RetentionPolicy = .standard) throws {
        try self.init(path: path, retention: retention, configuration: Self.makeConfiguration(), migrator: Self.migrator)
    }

    /// Opens a file store with a given GRDB configuration and migrator (tests use
    /// these to simulate failures and newer schemas).
    convenience init(path: String, retention: RetentionPolicy, configuration: Configuration, migrator: DatabaseMigrator) throws {
        let pool: DatabasePool
        do {
            // A pool writes to the file as it opens (WAL setup): look before.
            try Self.inspect(path: path, configuration: configuration, migrator: migrator)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StoreError.translating(error, path: path, during: .open)
        }
        try self.init(writer: pool, path: path, retention: retention, migrator: migrator)
    }

    /// A store on a new, empty in-memory database: for tests and previews. Its state
    /// ends with it.
    ///
    /// ```swift
    /// let store = try SQLiteEngineStore.inMemory()
    /// ```
    public static func inMemory(retention: RetentionPolicy = .standard) throws -> SQLiteEngineStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: makeConfiguration())
        } catch {
            throw StoreError.translating(error, path: nil, during: .open)
        }
        return try SQLiteEngineStore(writer: queue, path: nil, retention: retention, migrator: migrator)
    }

    private init(writer: any DatabaseWriter, path: String?, retention: RetentionPolicy, migrator: DatabaseMigrator) throws {
        self.writer = writer
        self.path = path
        self.retention = retention
        do {
            try writer.read { db in try Self.refuseNewerSchema(db, path: path, migrator: migrator) }
            try migrator.migrate(writer)
        } catch {
            throw StoreError.translating(error, path: path, during: .open)
        }
    }

    /// Reads an existing file through a plain connection, which writes nothing, and
    /// refuses it when it is not a database, is damaged, or comes from a newer Herald:
    /// a file the store cannot use is left exactly as it was.
    private static func inspect(path: String, configuration: Configuration, migrator: DatabaseMigrator) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        try queue.read { db in
            let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
            guard problems == ["ok"] else {
                throw CorruptValue(table: "(integrity check)", detail: problems.joined(separator: "; "))
            }
            try refuseNewerSchema(db, path: path, migrator: migrator)
        }
    }

    /// Throws ``StoreError/Code/newerSchema`` when the database has migrations the
    /// migrator does not know.
    private static func refuseNewerSchema(_ db: Database, path: String?, migrator: DatabaseMigrator) throws {
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
        }
    }

    /// The GRDB configuration every connection of the store uses.
    static func makeConfiguration(_ base: Configuration = Configuration()) -> Configuration {
        var configuration = base
        configuration.label = "Herald"
        // Another process of the app (a widget, an extension) may hold the write lock
        // for a moment: wait for it rather than fail at once.
        configuration.busyMode = .timeout(5)
        // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a commit
        // survives the app crashing or being killed (it is in the OS's hands), and a
        // power cut can lose at most the last commits, never corrupt the file. This is
        // what apps on SQLite commonly use, and it makes a commit cost microseconds
        // instead of a disk flush.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// Reads the whole state.
    ///
    /// - Throws: ``StoreError`` when the database cannot be read or holds values
    ///   Herald did not write.
    public func load() throws -> EngineState {
        do {
            return try writer.read { db in try StateReader(db: db).read() }
        } catch {
            throw StoreError.translating(error, path: path, during: .read)
        }
    }

    /// Reads the state with its history limited to what a prune at `cutoff` would
    /// keep, with indexed queries: the engine's reads stay fast as the history grows.
    ///
    /// - Throws: ``StoreError`` as ``load()`` does.
    public func load(since cutoff: Date) throws -> EngineState {
        do {
            return try writer.read { db in try StateReader(db: db, since: cutoff).read() }
        } catch {
            throw StoreError.translating(error, path: path, during: .read)
        }
    }

    /// Applies all the changes in one write transaction, in order, with
    /// ``Herald/EngineState/apply(_:)``'s meaning: all of them are saved, or none.
    ///
    /// - Throws: ``StoreError`` when the write fails (a full disk, an I/O error) or a
    ///   change holds a value that cannot be stored; the state before the call is intact.
    public func commit(_ changes: [EngineStateChange]) throws {
        guard !changes.isEmpty else { return }
        do {
            try writer.write { db in
                let changeWriter = ChangeWriter(db: db)
                for change in changes { try changeWriter.apply(change) }
            }
        } catch {
            throw StoreError.translating(error, path: path, during: .write)
        }
    }

    /// Closes the database; later calls throw. On a file, the write-ahead log is first
    /// copied into the database file, so that the file alone holds the whole state
    /// (for a backup, say). Closing is optional: the store closes its connections when
    /// it is released.
    public func close() throws {
        do {
            if path != nil {
                try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            }
            try writer.close()
        } catch {
            throw StoreError.translating(error, path: path, during: .write)
        }
    }
}
