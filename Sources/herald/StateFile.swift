#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HeraldReport
import HeraldScenario
import HeraldSQLite

/// The SQLite store a `simulate` run keeps Herald's state and the scenario's progress
/// in (see `ScenarioSession`): a named file that outlives the run, a fresh file in a
/// folder of its own in the temporary directory that is removed after it, or a
/// database in memory.
///
/// A named file is locked for the run (``StateFileLock``, on the file itself), checked
/// by SQLite's full integrity check and copied into memory, and the run plays on that
/// copy (the session refuses another scenario's state before it plays); ``save()``
/// writes it back in one transaction. A file the run refuses is left byte for byte as
/// it was, and a run that is stopped (a signal, a kill, a full disk) leaves the file at
/// its last save, from which the next run resumes.
///
/// ```swift
/// let state = try StateFile.open(.file("habits.sqlite"))
/// defer { state.finish() }
/// let session = ScenarioSession(file: file, store: state.store, location: state.location)
/// _ = try await session.play(days: 3)
/// try state.save()
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

    /// The store the run plays on (for a named file, its copy in memory).
    let store: SQLiteEngineStore
    /// How messages name it.
    let location: String
    /// The folder of a temporary file, removed after the run.
    private let temporaryFolder: TemporaryFolder?
    /// The named file's lock, held until ``finish()``.
    private let lock: StateFileLock?

    /// Opens (or creates) the store. A named file is created as an empty Herald
    /// database when it does not exist, locked, and copied into memory through a
    /// read-only connection.
    ///
    /// - Throws: ``StateFileLock/Busy`` (75), ``CommandFailure`` (73 for a path that
    ///   cannot hold a state file, 74 for a file that cannot be read or written), and
    ///   and the store's errors.
    static func open(_ place: Place) throws -> StateFile {
        switch place {
        case .file(let path):
            let lock = try lockCreatingIfMissing(path)
            // A read-only look at a database in WAL mode creates an empty `-wal` and
            // `-shm` beside it: they are removed again.
            let companions = ["-wal", "-shm"].map { path + $0 }.filter { !FileManager.default.fileExists(atPath: $0) }
            defer { removeEmptyLog(of: path, companions: companions) }
            do {
                // A file the run could not save to is refused before it is read (SQLite
                // cannot even read it without writing its `-shm` beside it).
                try refuseUnwritable(path)
                let copy = try SQLiteEngineStore.inMemoryCopy(of: path)
                return StateFile(store: copy, location: path, temporaryFolder: nil, lock: lock)
            } catch {
                lock.release()
                throw error
            }
        case .temporary:
            let temporary = FileManager.default.temporaryDirectory.path
            let folder: TemporaryFolder
            do {
                folder = try TemporaryFolder(in: temporary, prefix: "herald-simulate-")
            } catch {
                throw CommandFailure(.cannotCreate, "\(temporary): cannot create the run's temporary state file (\(error))")
            }
            do {
                let path = folder.path + "/state.sqlite"
                return StateFile(store: try SQLiteEngineStore(path: path), location: path, temporaryFolder: folder, lock: nil)
            } catch {
                folder.remove()
                throw error
            }
        case .memory:
            return StateFile(store: try SQLiteEngineStore.inMemory(), location: "the in-memory state",
                             temporaryFolder: nil, lock: nil)
        }
    }

    /// Locks the file at `path`, first creating it as an empty Herald database when
    /// there is none: made in a folder of its own beside it, then linked into place,
    /// so that a file at `path` is always a whole database (never one half made) and a
    /// file another run made meanwhile is kept.
    private static func lockCreatingIfMissing(_ path: String) throws -> StateFileLock {
        for _ in 0..<10 {
            do {
                return try StateFileLock(path: path)
            } catch is StateFileLock.Missing {
                let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
                let scratch: TemporaryFolder
                do {
                    scratch = try TemporaryFolder(in: parent, prefix: ".herald-new-")
                } catch {
                    throw CommandFailure(.cannotCreate, "\(path): cannot create the state file (\(error))")
                }
                defer { scratch.remove() }
                do {
                    try SQLiteEngineStore(path: scratch.path + "/state.sqlite").close()
                } catch {
                    throw CommandFailure(.cannotCreate, "\(path): cannot create the state file (\(error))")
                }
                if link(scratch.path + "/state.sqlite", path) != 0, errno != EEXIST {
                    throw CommandFailure(.cannotCreate, "\(path): cannot create the state file (\(String(cString: strerror(errno))))")
                }
            }
        }
        throw CommandFailure(.cannotCreate, "\(path): cannot create the state file (it keeps disappearing, or is a broken symbolic link)")
    }

    /// Throws ``CommandFailure`` (74) when the run could not save to `path`: the file or
    /// its folder (where SQLite keeps its `-wal` and `-shm`) is not writable.
    private static func refuseUnwritable(_ path: String) throws {
        let folder = URL(fileURLWithPath: FileStatus.resolvedPath(path)).deletingLastPathComponent().path
        for (checked, what) in [(path, "the file"), (folder, "its folder")] where access(checked, W_OK) != 0 {
            throw CommandFailure(.ioError, "\(path): cannot write the state file (\(what): \(String(cString: strerror(errno))))")
        }
    }

    /// Saves the run's state to a named file in one transaction (the file keeps its
    /// last save when this fails); does nothing for the other places, which the run
    /// writes as it goes.
    func save() throws {
        guard lock != nil else { return }
        // The pool closed: an empty `-wal` goes with its `-shm` (a full disk may leave a
        // log that holds the save), and the lock keeps other runs out.
        defer { Self.removeEmptyLog(of: location, companions: ["-wal", "-shm"].map { location + $0 }) }
        try store.save(toFileAt: location)
    }

    /// Ends the run's hold on the state: closes the store, removes a temporary file's
    /// folder, and releases a named file's lock (a signal does the second through
    /// ``SignalCleanup``; the kernel does the last). Calling it again does nothing more.
    func finish() {
        try? store.close()
        temporaryFolder?.remove()
        lock?.release()
    }

    /// Removes `companions` (SQLite's `-wal` and `-shm` files of `path`) when the
    /// `-wal` holds nothing.
    private static func removeEmptyLog(of path: String, companions: [String]) {
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber
        guard (wal?.intValue ?? 0) == 0 else { return }
        for companion in companions { try? FileManager.default.removeItem(atPath: companion) }
    }
}
