import Foundation
import Herald

/// The state the store's last bounded read returned (``SQLiteEngineStore/load(since:)``),
/// kept up to date by the store's own commits, so that the engine's next run does not
/// read every table again.
///
/// It is what a bounded read at ``cutoff`` returns: the store applies each committed
/// change to it with ``Herald/EngineState/apply(_:)``'s meaning (the meaning the tables
/// have), and drops what the change left older than the cutoff. A later read at the same
/// or a later cutoff is this state pruned there; an earlier cutoff reads the tables.
/// Only changes whose effect on the bounded state does not depend on rows older than
/// the cutoff are applied; the others (a first acknowledgement or handled response
/// wins over an older one the cache does not hold; a response is not queued when it
/// was handled long ago) and every change the store keeps as JSON drop the cache, as a
/// failed commit does. No such change touches the fired log, though, so the cache
/// then keeps its fired log (``fired(since:)``): the next read reads the other tables
/// and takes the fired log from here, and a run's read does not grow with every
/// notification delivered in the last two days (a route's spots, one per waypoint).
/// ``dataVersion`` is SQLite's `PRAGMA data_version` on the writer connection when the
/// state was read: another connection's commit (another process on the file) changes
/// it, and the next read goes to the tables.
///
/// ```swift
/// var cache = RecentStateCache(state: read, cutoff: cutoff, dataVersion: version)
/// cache.applying(changes)                     // false: only the fired log is kept
/// let state = cache.state(since: laterCutoff) // nil for an earlier cutoff, or when only the fired log is kept
/// let fired = cache.fired(since: laterCutoff) // nil for an earlier cutoff
/// ```
struct RecentStateCache {
    private(set) var state: EngineState
    private(set) var cutoff: Date
    let dataVersion: Int
    /// Whether the whole of ``state`` is what a read returns (`false`: its fired log only).
    private(set) var isWhole = true

    init(state: EngineState, cutoff: Date, dataVersion: Int) {
        self.state = state
        self.cutoff = cutoff
        self.dataVersion = dataVersion
    }

    /// The state a bounded read at `since` returns, or `nil` when `since` is before the
    /// cutoff (older history is not here). A later cutoff becomes the cache's own.
    mutating func state(since: Date) -> EngineState? {
        guard isWhole, moveCutoff(to: since) else { return nil }
        return state
    }

    /// The fired log a bounded read at `since` returns, or `nil` when `since` is before
    /// the cutoff. Kept whole even when the rest of the state is not (``isWhole``).
    mutating func fired(since: Date) -> [String: FiredRecord]? {
        guard moveCutoff(to: since) else { return nil }
        return state.fired
    }

    /// Prunes to a later cutoff; `false` for an earlier one.
    private mutating func moveCutoff(to since: Date) -> Bool {
        guard since >= cutoff else { return false }
        if since > cutoff {
            state.apply(.prune(before: since))
            cutoff = since
        }
        return true
    }

    /// Applies committed changes; `false` when one of them cannot be applied here:
    /// only the fired log is kept then (``isWhole`` is `false`: no such change touches
    /// it), and the next read reads the other tables.
    @discardableResult
    mutating func applying(_ changes: [EngineStateChange]) -> Bool {
        for change in changes {
            if !Self.keepsCache(change) { isWhole = false }
            state.apply(change)
            dropOlderThanCutoff(after: change)
        }
        return isWhole
    }

    /// Whether a change means the same on the bounded state as on the whole one.
    static func keepsCache(_ change: EngineStateChange) -> Bool {
        switch change {
        case .recordCompletion, .removeCompletion, .pause, .resume, .forget, .deferDay, .snooze, .removeSnooze,
             .recordFired, .setSmartTiming, .recordDeletion, .prune:
            true
        case .acknowledge, .enqueueResponse, .markResponseHandled, .setSetting, .postEvent, .startRoute, .stopRoute,
             .recordRouteVisit, .completeRoute, .recordRouteDelivered, .acknowledgeRouteCompletion, .setHomeZone,
             .setTrip, .setScheduledAlarms, .setArmedLocations, .setLocationAccess, .setRouteNotifications, .setPosition,
             .queueSyncRecord, .receiveSyncRecord, .removeSyncRecords:
            false
        }
    }

    /// Removes what `change` recorded before the cutoff: a bounded read does not return it.
    private mutating func dropOlderThanCutoff(after change: EngineStateChange) {
        let firstDay = EngineState.firstKeptDay(before: cutoff)
        switch change {
        case .recordCompletion(let completion) where completion.day < firstDay:
            state.completions[completion.entityDay] = nil
        case .deferDay(let entityDay) where entityDay.day < firstDay:
            state.deferred.remove(entityDay)
        case .snooze(let record) where record.until < cutoff:
            state.snoozes[record.original] = nil
        case .recordFired(let record) where record.date < cutoff:
            state.fired[record.key] = nil
        case .recordDeletion(let entity, _):
            if let date = state.deletions[entity], date < cutoff { state.deletions[entity] = nil }
        default:
            break
        }
    }
}
