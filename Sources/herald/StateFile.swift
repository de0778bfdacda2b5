import Foundation
import HeraldReport
import HeraldScenario
import HeraldSQLite

/// The SQLite store a `simulate` run keeps Herald's state and the scenario's progress
/// in (see `ScenarioSession`): a named file that outlives the run, a fresh file in the
/// temporary directory that is removed after it, or a database in memory.
///
/// A named file is locked for the run (``StateFileLock``), and an existing one is
/// checked on a copy in memory before it is opened for writing: a file the run refuses
/// is left byte for byte as it was.
///
/// ```swift
/// let state = try StateFile.open(.file("habits.sqlite")) { copy, location in
///     _ = try ScenarioSession(file: file, store: copy, location: location).checkpoint()
/// }
/// defer { state.finish() }
/// let session = ScenarioSession(file: file, store: state.store, location: state.location)
/// ```
struct StateFile: Sendable {
    enum Place: Equatable {
        /// A file: created when it does not exist, resumed when it does.
        case file(String)
        /// A new file in the temporary directory, removed afterwards.
        case temporary
        /// Nothing on disk.
        case memory
    }

    let store: SQLiteEngineStore
    /// How messages name it.
    let location: String
    /// The file to remove after the run, for a temporary one.
    private let temporaryPath: String?
    /// The named file's lock, held until ``finish()``.
    private let lock: StateFileLock?

    /// Opens (or creates) the store. An existing file is first locked, then copied into
    /// memory through a read-only connection and given to `check` (which throws to
    /// refuse it); only then is it opened for writing.
    static func open(_ place: Place, check: (SQLiteEngineStore, String) throws -> Void) throws -> StateFile {
        switch place {
        case .file(let path):
            let lock = try StateFileLock(path: path)
            SignalCleanup.register { lock.release() }
            // A read-only look at a database in WAL mode creates an empty `-wal` and
            // `-shm` beside it: a refused file gets them removed again.
            let companions = ["-wal", "-shm"].map { path + $0 }.filter { !FileManager.default.fileExists(atPath: $0) }
            do {
                if FileManager.default.fileExists(atPath: path) {
                    try check(try SQLiteEngineStore.inMemoryCopy(of: path), path)
                }
                return StateFile(store: try SQLiteEngineStore(path: path), location: path, temporaryPath: nil, lock: lock)
            } catch {
                // The lock keeps other runs out, so no connection is using them.
                removeEmptyLog(of: path, companions: companions)
                lock.release()
                throw error
            }
        case .temporary:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("herald-simulate-\(UUID().uuidString).sqlite").path
            SignalCleanup.register { removeDatabase(at: path) }
            do {
                return StateFile(store: try SQLiteEngineStore(path: path), location: path, temporaryPath: path, lock: nil)
            } catch {
                removeDatabase(at: path)
                throw error
            }
        case .memory:
            return StateFile(store: try SQLiteEngineStore.inMemory(), location: "the in-memory state",
                             temporaryPath: nil, lock: nil)
        }
    }

    /// Ends the run's hold on the state: closes the store (a named file then holds the
    /// whole state, and its emptied `-wal` and `-shm` files are removed), removes a
    /// temporary file with SQLite's companion files, and releases a named file's lock
    /// (a signal does the last two through ``SignalCleanup``). Calling it again does
    /// nothing more.
    func finish() {
        do {
            try store.close()
            // SQLite keeps an empty `-wal` and the `-shm` after the last connection
            // closes; the lock keeps other runs out, so no connection is using them.
            if lock != nil { Self.removeEmptyLog(of: location, companions: ["-wal", "-shm"].map { location + $0 }) }
        } catch {
            // The state is saved at each commit; a file that cannot close keeps its log.
        }
        if let temporaryPath { Self.removeDatabase(at: temporaryPath) }
        lock?.release()
    }

    /// Removes `companions` (SQLite's `-wal` and `-shm` files of `path`) when the
    /// `-wal` holds nothing.
    private static func removeEmptyLog(of path: String, companions: [String]) {
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber
        guard (wal?.intValue ?? 0) == 0 else { return }
        for companion in companions { try? FileManager.default.removeItem(atPath: companion) }
    }

    private static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
