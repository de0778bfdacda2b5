/// One point of the `EngineStore` contract, checked by
/// ``EngineStoreConformance``.
///
/// ```swift
/// // A store that cannot be made to fail on demand skips atomicity:
/// try EngineStoreConformance { InMemoryEngineStore() }.runAll()  // all but failedCommitChangesNothing
/// ```
public enum EngineStoreConformanceCheck: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A new store loads an empty state.
    case freshStoreIsEmpty
    /// Every kind of change is read back after its commit.
    case readsItsWrites
    /// Values come back exactly: fractional seconds, any text, nested JSON, `nil`s.
    case valuesRoundTripExactly
    /// The changes of one batch apply in order: a later one wins (an acknowledgement keeps
    /// the latest instant, whichever comes last).
    case changesApplyInOrder
    /// Committing the same batch twice leaves the same state as once.
    case batchesAreIdempotent
    /// A long seeded random sequence of batches gives the same state as applying it
    /// to an in-memory `EngineState`.
    case matchesTheInMemoryModel
    /// A commit that fails partway through applies none of its changes, and the store
    /// works again afterwards. Needs a way to make writes fail.
    case failedCommitChangesNothing
    /// `forget` drops the entity's completions, pause, deferred days, snoozes and
    /// acknowledgements, and nothing else (its fired log stays).
    case forgetDropsTheEntity
    /// `prune` drops what is older than the cutoff and keeps the rest.
    case pruneDropsOldEntries
    /// `load(since:)` equals `load()` pruned at the same cutoff.
    case boundedLoadMatchesPrune
    /// A handled response is not queued again.
    case handledResponseIsNotQueuedAgain
    /// Queued responses come back in arrival order, whatever their sequence numbers.
    case queuedResponsesKeepArrivalOrder
    /// A route session keeps the first visit of each waypoint and one completion, only
    /// for the session in progress; starting a session resets it, stopping clears it.
    case routeSessionKeepsFirstVisitsAndOneCompletion
    /// Each feature's state (home zone, trip, alarms, armed locations, location
    /// access, route notifications, position) is read back as committed and cleared by
    /// its clearing change.
    case featureStateRoundTrips
    /// The sync's outbox keeps the records made in their order, once each, until they
    /// are marked sent; each subject keeps its latest stamp, which an older record does
    /// not replace (answers too); retention drops both before its cutoff.
    case syncLogKeepsOrderAndLatestStamps

    /// Whether the check needs the store to fail on demand.
    public var needsFailureInjection: Bool { self == .failedCommitChangesNothing }

    public var description: String { rawValue }
}
