import Herald

/// The engine's store with every commit counted as one step, so a kill can land
/// before any of them.
///
/// ```swift
/// let store = StepCountingStore(base: try SQLiteEngineStore(path: path))
/// ```
struct StepCountingStore: EngineStore {
    let base: any EngineStore

    func load() throws -> EngineState {
        try base.load()
    }

    func commit(_ changes: [EngineStateChange]) throws {
        StepCounter.shared.step("store commit \(Self.names(of: changes))")
        try base.commit(changes)
    }

    /// The kinds of change, each once, in order: "acknowledge, snooze, markResponseHandled".
    private static func names(of changes: [EngineStateChange]) -> String {
        var names: [String] = []
        for change in changes {
            let name = String(describing: change).prefix { $0 != "(" }.description
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: ", ")
    }
}
