import Foundation
import Synchronization

/// An ``EngineStore`` that keeps state in memory: for tests, previews and apps that
/// rebuild Herald's state on launch.
///
/// The fired log, which grows with every delivery, is kept by day, so
/// ``load(since:)`` (what each engine run reads) reads the last days of it, not all.
///
/// ```swift
/// let engine = Engine(center: center, source: habits, store: InMemoryEngineStore(), clock: clock)
/// ```
public final class InMemoryEngineStore: EngineStore {
    private let contents: Mutex<Contents>

    public init(_ initial: EngineState = EngineState()) {
        self.contents = Mutex(Contents(initial))
    }

    public func load() -> EngineState {
        contents.withLock { contents in
            var state = contents.rest
            state.fired = contents.fired
            return state
        }
    }

    /// The state with the history before `cutoff` dropped: equal to `load()` with
    /// `.prune(before: cutoff)` applied, reading only the fired log's days from the
    /// cutoff on.
    public func load(since cutoff: Date) -> EngineState {
        contents.withLock { contents in
            var state = contents.rest
            state.apply(.prune(before: cutoff))
            let first = Contents.day(of: cutoff)
            for (day, keys) in contents.firedByDay where day >= first {
                for key in keys {
                    guard let record = contents.fired[key], record.date >= cutoff else { continue }
                    state.fired[key] = record
                }
            }
            return state
        }
    }

    public func commit(_ changes: [EngineStateChange]) {
        contents.withLock { contents in
            for change in changes { contents.apply(change) }
        }
    }

    /// The state, with its fired log apart and indexed by day.
    private struct Contents {
        /// Everything but the fired log.
        var rest: EngineState
        /// The fired log by record key.
        var fired: [String: FiredRecord] = [:]
        /// The keys of the fired log by the record's day (whole days since 1970, UTC).
        var firedByDay: [Int: Set<String>] = [:]

        init(_ state: EngineState) {
            rest = state
            rest.fired = [:]
            for record in state.fired.values { apply(.recordFired(record)) }
        }

        static func day(of date: Date) -> Int {
            Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        }

        mutating func apply(_ change: EngineStateChange) {
            switch change {
            case .recordFired(let record):
                fired[record.key] = record
                firedByDay[Self.day(of: record.date), default: []].insert(record.key)
            case .prune(let cutoff):
                rest.apply(change)
                let first = Self.day(of: cutoff)
                for (day, keys) in firedByDay where day <= first {
                    var kept: Set<String> = []
                    for key in keys {
                        if let record = fired[key], record.date >= cutoff { kept.insert(key) } else { fired[key] = nil }
                    }
                    firedByDay[day] = kept.isEmpty ? nil : kept
                }
            default:
                rest.apply(change)
            }
        }
    }
}
