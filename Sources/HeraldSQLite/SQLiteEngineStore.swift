import Foundation
import GRDB
import Herald
import Synchronization

/// An `EngineStore` on SQLite: Herald's state survives crashes, kills and
/// relaunches, and each event's changes are saved in one transaction.
///
/// The store owns its database. On a file it uses a GRDB `DatabasePool` in WAL mode
/// (reads never wait for a write); ``inMemory(retention:)`` uses a `DatabaseQueue` in
/// memory, for tests and previews. Opening runs the schema's named migrations ("v1",
/// ...). A file the store cannot use (damaged, unreadable, written by a newer Herald)
/// gives a ``StoreError`` that names it and says what to do; the store never resets it.
/// An existing file is read through a read-only connection first: only an empty
/// database or one that Herald's own migrations built is opened for writing, so another
/// app's database, an empty (0-byte) file or a damaged one is refused byte for byte
/// unchanged.
///
/// ```swift
/// let store = try SQLiteEngineStore(path: supportFolder.appending(path: "herald.sqlite").path)
/// try store.commit([.recordCompletion(Completion(entity: water, day: today, date: now))])
/// try store.load().isCompleted(water, on: today) // true, also after a relaunch
/// try store.applyRetention(now: now)             // keeps the file bounded
/// ```
public final class SQLiteEngineStore: EngineStore, Sendable {
    /// The database file, or `nil` for an in-memory store (for an
    /// ``inMemoryCopy(of:retention:)``, the file it copied).
    public let path: String?
    /// How much history ``applyRetention(now:)`` keeps.
    public let retention: RetentionPolicy
    /// The connection(s): a `DatabasePool` on a file, a `DatabaseQueue` in memory.
    let writer: any DatabaseWriter
    /// The last bounded read, kept up to date by this store's commits (``RecentStateCache``);
    /// `nil` until the next bounded read after a failed commit, or a change it cannot follow.
    let recentState = Mutex<RecentStateCache?>(nil)
    /// Reads the route session, keeping what it decoded between reads.
    let routeReader = RouteReader()

    /// Opens the database at `path`, creating the file when it does not exist, and
    /// brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: The database file. Its folder must exist. SQLite keeps two companion
    ///     files beside it while it is open (`-wal` and `-shm`); back up or move all three.
    ///   - retention: How much history ``applyRetention(now:)`` keeps.
    /// - Throws: ``StoreError`` when the file cannot be opened, is not a Herald
    ///   database (``StoreError/Code/notHerald``), is damaged, or was written by a
    ///   newer Herald. The file is left as it was.
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

    /// A store in memory holding a copy of the database file at `path`, brought up to
    /// date: to look at a file's state without writing anything to it. The file is
    /// only read (through a read-only connection) and refused as
    /// ``init(path:retention:)`` refuses it; changes to the copy end with it.
    ///
    /// ```swift
    /// let preview = try SQLiteEngineStore.inMemoryCopy(of: path)
    /// let settings = try preview.load().settings  // path's bytes are unchanged
    /// ```
    ///
    /// - Parameters:
    ///   - path: An existing database file; ``path`` names it in errors.
    ///   - retention: How much history ``applyRetention(now:)`` keeps in the copy.
    /// - Throws: ``StoreError`` as ``init(path:retention:)`` does, and
    ///   ``StoreError/Code/cannotOpen`` when the file does not exist.
    public static func inMemoryCopy(of path: String, retention: RetentionPolicy = .standard) throws -> SQLiteEngineStore {
        let copy: DatabaseQueue
        do {
            guard FileManager.default.fileExists(atPath: path) else { throw StoreError.cannotOpen(path: path) }
            try inspect(path: path, configuration: makeConfiguration(), migrator: migrator, thoroughly: true)
            var readOnly = makeConfiguration()
            readOnly.readonly = true
            let source = try DatabaseQueue(path: path, configuration: readOnly)
            defer { try? source.close() }
            copy = try DatabaseQueue(configuration: makeConfiguration())
            try source.backup(to: copy)
        } catch {
            throw StoreError.translating(error, path: path, during: .open)
        }
        return try SQLiteEngineStore(writer: copy, path: path, retention: retention, migrator: migrator)
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

    /// Reads an existing file through a read-only connection, which writes nothing, and
    /// refuses it when it is not a Herald database (an empty file, another app's
    /// database), is damaged, or comes from a newer Herald: a file the store cannot use
    /// is left exactly as it was. `thoroughly` runs SQLite's full integrity check, which
    /// also compares every index with its table (slower than the quick check, which
    /// misses a damaged index).
    static func inspect(path: String, configuration: Configuration, migrator: DatabaseMigrator,
                        thoroughly: Bool = false) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        var info = stat()
        if !isDirectory.boolValue, stat(path, &info) == 0, info.st_size < 512 {
            // The file a path (or a symbolic link) names. An SQLite database holds at
            // least one page of 512 bytes or more; SQLite takes some shorter files for
            // an empty database and would write over them.
            let size = Int(info.st_size)
            if size == 0 { throw StoreError.notHerald(path: path, contents: "an empty file (0 bytes)") }
            throw StoreError.corrupt(path: path, underlyingError: ShortFile(size: size))
        }
        var readOnly = configuration
        readOnly.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        try queue.read { db in
            let problems = try String.fetchAll(db, sql: thoroughly ? "PRAGMA integrity_check(5)" : "PRAGMA quick_check(5)")
            guard problems == ["ok"] else {
                throw CorruptValue(table: "(integrity check)", detail: problems.joined(separator: "; "))
            }
            try refuseForeignSchema(db, path: path, migrator: migrator)
        }
    }

    /// Accepts an empty database or one whose migrations and tables are Herald's:
    /// throws ``StoreError/Code/notHerald`` for another app's database,
    /// ``StoreError/Code/newerSchema`` for a newer Herald's, and
    /// ``StoreError/Code/corrupt`` when tables its migrations created are missing.
    private static func refuseForeignSchema(_ db: Database, path: String?, migrator: DatabaseMigrator) throws {
        let tables = try userTables(db)
        guard !tables.isEmpty else { return }
        let applied: Set<String> = try db.tableExists("grdb_migrations") ? migrator.appliedIdentifiers(db) : []
        guard let first = migrator.migrations.first, applied.contains(first) else {
            throw StoreError.notHerald(path: path, contents: describe(tables: tables))
        }
        try refuseNewerSchema(db, path: path, migrator: migrator)
        let known = try schemaTables(createdBy: migrator, upTo: nil)
        let foreign = tables.filter { !known.contains($0) }
        guard foreign.isEmpty else {
            throw StoreError.notHerald(path: path, contents: describe(tables: foreign))
        }
        guard let last = migrator.migrations.last(where: { applied.contains($0) }) else { return }
        let missing = try schemaTables(createdBy: migrator, upTo: last).subtracting(tables).sorted()
        guard missing.isEmpty else {
            throw CorruptValue(table: missing.joined(separator: ", "),
                               detail: "missing, though the database's migrations created it")
        }
    }

    private static func describe(tables: [String]) -> String {
        let shown = tables.prefix(8).joined(separator: ", ")
        let more = tables.count > 8 ? ", … (\(tables.count) in all)" : ""
        return "an SQLite database with \(tables.count == 1 ? "table" : "tables") \(shown)\(more)"
    }

    /// The tables of a database, without SQLite's own, by name.
    private static func userTables(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    }

    /// The tables the migrator creates up to a migration (all of them when `nil`), on
    /// a scratch database in memory.
    private static func schemaTables(createdBy migrator: DatabaseMigrator, upTo last: String?) throws -> Set<String> {
        let scratch = try DatabaseQueue()
        if let last { try migrator.migrate(scratch, upTo: last) } else { try migrator.migrate(scratch) }
        return Set(try scratch.read(userTables))
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
            // The write-ahead log stays small: SQLite copies it into the file once it
            // holds `walCheckpointPages` pages (its default, 1,000 pages, let it reach
            // 4 MB, more than the database of a year), and cuts the log back to
            // `walSizeLimit` bytes when it starts over.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(walCheckpointPages)")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
        }
        return configuration
    }

    /// How many pages the write-ahead log holds before SQLite copies it into the
    /// database file (an automatic checkpoint): 64 pages of 4 KB.
    static let walCheckpointPages = 64
    /// The size the write-ahead log file is cut back to when it starts over after a
    /// checkpoint: 256 KB. With ``walCheckpointPages``, the `-wal` file holds at most
    /// about 260 KB plus the largest transaction (the daily prune, a few hundred KB).
    static let walSizeLimit = 256 * 1024

    /// Reads the whole state.
    ///
    /// - Throws: ``StoreError`` when the database cannot be read or holds values
    ///   Herald did not write.
    public func load() throws -> EngineState {
        do {
            return try writer.read { db in try StateReader(db: db, routeReader: routeReader).read() }
        } catch {
            throw StoreError.translating(error, path: path, during: .read)
        }
    }

    /// Reads the state with its history limited to what a prune at `cutoff` would
    /// keep, with indexed queries: the engine's reads stay fast as the history grows.
    ///
    /// The store keeps what it last read this way, and applies its own commits to it: a
    /// read at the same or a later cutoff, with no other connection having written to
    /// the database since (SQLite's `data_version`), costs no query but that check.
    ///
    /// - Throws: ``StoreError`` as ``load()`` does.
    public func load(since cutoff: Date) throws -> EngineState {
        do {
            return try recentState.withLock { cache in
                let version = try dataVersion()
                if cache?.dataVersion == version, let state = cache?.state(since: cutoff) { return state }
                // The fired log this store's commits kept up to date: the other tables are read.
                let fired = cache?.dataVersion == version ? cache?.fired(since: cutoff) : nil
                cache = nil
                var state = try writer.read { db in
                    try StateReader(db: db, since: cutoff, routeReader: routeReader, readsFired: fired == nil).read()
                }
                if let fired { state.fired = fired }
                cache = RecentStateCache(state: state, cutoff: cutoff, dataVersion: version)
                return state
            }
        } catch {
            throw StoreError.translating(error, path: path, during: .read)
        }
    }

    /// SQLite's `PRAGMA data_version` on the writer connection: it changes when another
    /// connection (another process) commits to the database, never for this store's
    /// own commits.
    private func dataVersion() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// Applies all the changes in one write transaction, in order, with
    /// `EngineState.apply(_:)`'s meaning: all of them are saved, or none.
    ///
    /// - Throws: ``StoreError`` when the write fails (a full disk, an I/O error) or a
    ///   change holds a value that cannot be stored; the state before the call is intact.
    public func commit(_ changes: [EngineStateChange]) throws {
        guard !changes.isEmpty else { return }
        try recentState.withLock { cache in
            do {
                try writer.write { db in
                    let changeWriter = ChangeWriter(db: db)
                    for change in changes { try changeWriter.apply(change) }
                }
            } catch {
                // Rolled back: the next bounded read reads the tables as they are.
                cache = nil
                throw StoreError.translating(error, path: path, during: .write)
            }
            cache?.applying(changes)
        }
    }

    /// Closes the database; later calls throw. On a file, the write-ahead log is first
    /// copied into the database file, so that the file alone holds the whole state
    /// (for a backup, say). Closing is optional: the store closes its connections when
    /// it is released.
    public func close() throws {
        recentState.withLock { $0 = nil }
        do {
            if writer is DatabasePool {
                try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            }
            try writer.close()
        } catch {
            throw StoreError.translating(error, path: path, during: .write)
        }
    }
}

/// A file shorter than any SQLite database.
private struct ShortFile: Error, CustomStringConvertible {
    var size: Int
    var description: String { "it holds \(size) \(size == 1 ? "byte" : "bytes"), fewer than any SQLite database" }
}
