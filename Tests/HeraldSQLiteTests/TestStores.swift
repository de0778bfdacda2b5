import Herald
import Synchronization
@testable import HeraldSQLite

/// A file store that closes its database and opens it again before every load, as a
/// relaunch would: what it reads back was on disk.
final class ReopeningStore: EngineStore {
    let path: String
    private let store: Mutex<SQLiteEngineStore>

    init(path: String) throws {
        self.path = path
        store = Mutex(try SQLiteEngineStore(path: path))
    }

    var current: SQLiteEngineStore { store.withLock { $0 } }

    func load() throws -> EngineState {
        try store.withLock { store in
            try store.close()
            store = try SQLiteEngineStore(path: path)
            return try store.load()
        }
    }

    func commit(_ changes: [EngineStateChange]) throws {
        try current.commit(changes)
    }
}

/// A broken store that keeps only completions: the suite must catch it.
final class ForgetfulStore: EngineStore {
    private let state = Mutex(EngineState())

    func load() -> EngineState { state.withLock { $0 } }

    func commit(_ changes: [EngineStateChange]) {
        state.withLock { state in
            for case .recordCompletion(let completion) in changes { state.apply(.recordCompletion(completion)) }
        }
    }
}
