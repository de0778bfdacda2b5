import Synchronization

/// An ``EngineStore`` that keeps state in memory: for tests, previews and apps that
/// rebuild Herald's state on launch.
///
/// ```swift
/// let engine = Engine(center: center, source: habits, store: InMemoryEngineStore(), clock: clock)
/// ```
public final class InMemoryEngineStore: EngineStore {
    private let state: Mutex<EngineState>

    public init(_ initial: EngineState = EngineState()) {
        self.state = Mutex(initial)
    }

    public func load() -> EngineState {
        state.withLock { $0 }
    }

    public func commit(_ changes: [EngineStateChange]) {
        state.withLock { state in
            for change in changes { state.apply(change) }
        }
    }
}
