import Foundation

/// Where the engine keeps its state between events and launches.
///
/// ## The contract every implementation keeps
///
/// - **Atomic events.** ``commit(_:)`` applies all of an event's changes or none: after
///   a failure (a full disk, a crash), ``load()`` returns the state before the call.
/// - **Read your writes.** ``load()`` after a successful commit reflects every change,
///   in order, with ``EngineState/apply(_:)``'s meaning.
/// - **Idempotent changes.** Committing the same change twice leaves the same state as
///   once, so replaying an event after a crash is safe.
/// - **Errors say what and where.** A store that cannot read or write throws an error
///   naming the storage and what to do; it never resets silently.
///
/// ```swift
/// let store = InMemoryEngineStore()
/// try store.commit([.pause(goal)])
/// try store.load().paused.contains(goal) // true
/// ```
public protocol EngineStore: Sendable {
    /// The whole state.
    func load() throws -> EngineState
    /// The state with its history (completions, deferred days, snoozes,
    /// acknowledgements, fired records, handled responses) limited to what
    /// ``EngineStateChange/prune(before:)`` would keep at `cutoff`; everything else in
    /// full. The engine plans from this, so its cost stays flat however long the app
    /// has been used. Equal to `load()` with `.prune(before: cutoff)` applied.
    func load(since cutoff: Date) throws -> EngineState
    func commit(_ changes: [EngineStateChange]) throws
}

extension EngineStore {
    /// Loads everything and drops the older history: right for small in-memory
    /// stores; database stores answer with a query instead.
    public func load(since cutoff: Date) throws -> EngineState {
        var state = try load()
        state.apply(.prune(before: cutoff))
        return state
    }
}
