import Foundation
import HeraldScenario
import HeraldSQLite

/// The SQLite store a `simulate` run keeps Herald's state and the scenario's progress
/// in (see `ScenarioSession`): a named file that outlives the run, a fresh file in the
/// temporary directory that is removed after it, or a database in memory.
///
/// ```swift
/// let state = try StateFile.open(.file("habits.sqlite"))
/// defer { state.removeIfTemporary() }
/// let session = ScenarioSession(file: try ScenarioFile(contentsOf: url), store: state.store, location: state.location)
/// ```
struct StateFile {
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

    /// Opens (or creates) the store. An existing file is opened as it is: a file that
    /// is not a Herald database is refused by the store and left alone.
    static func open(_ place: Place) throws -> StateFile {
        switch place {
        case .file(let path):
            return StateFile(store: try SQLiteEngineStore(path: path), location: path, temporaryPath: nil)
        case .temporary:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("herald-simulate-\(UUID().uuidString).sqlite").path
            return StateFile(store: try SQLiteEngineStore(path: path), location: path, temporaryPath: path)
        case .memory:
            return StateFile(store: try SQLiteEngineStore.inMemory(), location: "the in-memory state",
                             temporaryPath: nil)
        }
    }

    /// Removes a temporary file and SQLite's companion files; keeps a named one.
    func removeIfTemporary() {
        guard let temporaryPath else { return }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: temporaryPath + suffix)
        }
    }
}
