import Foundation

/// The sync's two pure steps (``HeraldSync``): the records a local event's changes make,
/// and the changes the records received from other devices make here. The engine calls
/// each through ``EngineStep``: ``outgoing(for:device:at:)`` with every event it records
/// on a device that syncs, and ``incoming(_:given:)`` with the records the app hands it.
///
/// ```swift
/// let step = SyncStep.outgoing(for: [.pause(goal)], device: "phone", at: now)
/// // [.queueSyncRecord(Record(device: "phone", instant: now, change: .paused(goal)))]
/// let received = SyncStep.incoming(fromWatch, given: inputs)
/// try store.commit(received)   // as of each record's instant; nothing twice
/// ```
package enum SyncStep {
    /// The records `changes`, made by the user on `device` at `now`, give the other
    /// devices, queued in the outbox: a completion and its undoing, a pause and a
    /// resume, a deletion, a deferral, a snooze and an answer. The rest (fired records,
    /// queued responses, history, the features' state) stays on this device.
    package static func outgoing(for changes: [EngineStateChange], device: String, at now: Date)
        -> [EngineStateChange] {
        changes.compactMap { change in
            record(for: change).map { .queueSyncRecord(HeraldSync.Record(device: device, instant: now, change: $0)) }
        }
    }

    /// What a local change tells the other devices, if anything.
    static func record(for change: EngineStateChange) -> HeraldSync.Record.Change? {
        switch change {
        case .recordCompletion(let completion): .completed(completion)
        case .removeCompletion(let entity, let day): .completionUndone(entity, day)
        case .pause(let entity): .paused(entity)
        case .resume(let entity): .resumed(entity)
        case .recordDeletion(let entity, _): .deleted(entity)
        case .deferDay(let entityDay): .deferred(entityDay)
        case .snooze(let snooze): .snoozed(snooze)
        case .acknowledge(let identifier, _): .answered(identifier)
        default: nil
        }
    }

    /// The changes `records` make on this device: each record that supersedes what the
    /// state holds about its subject (``EngineState/SyncLog/supersedes(_:)``), made on
    /// another device, within the retention and not before a deletion of its entity
    /// that this device knows of, applied as of its instant, with its stamp kept.
    /// Records are taken in stamp order, so a batch settles as its latest record says.
    ///
    /// A deletion removes everything of its entity this device holds when it arrives.
    package static func incoming(_ records: [HeraldSync.Record], given inputs: EngineStep.Inputs)
        -> [EngineStateChange] {
        let device = inputs.sync?.device
        let cutoff = inputs.retention.cutoff(now: inputs.now)
        var log = inputs.state.sync
        var changes: [EngineStateChange] = []
        // By stamp, then subject: a record's subject is text built on each call, so only
        // records with the same stamp compare it (1,000 records already applied: 37 → 8 ms,
        // Benchmarks/LOG.md).
        for record in records.sorted(by: { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.subject < $1.subject })
        where record.device != device && record.instant >= cutoff && log.supersedes(record)
            && !deletedAfter(record, log) {
            changes += applying(record)
            changes.append(.receiveSyncRecord(record))
            log.apply(.receiveSyncRecord(record))
        }
        return changes
    }

    /// Whether the record's entity was deleted after the record was made: what the
    /// user did to an entity before deleting it does not bring it back.
    static func deletedAfter(_ record: HeraldSync.Record, _ log: EngineState.SyncLog) -> Bool {
        if case .deleted = record.change { return false }
        guard let deletion = log.stamps[HeraldSync.Record.deletionSubject(of: record.change.entity)] else { return false }
        return deletion.instant > record.instant
    }

    /// The state changes of one record, as of its instant.
    static func applying(_ record: HeraldSync.Record) -> [EngineStateChange] {
        switch record.change {
        case .completed(let completion): [.recordCompletion(completion)]
        case .completionUndone(let entity, let day): [.removeCompletion(entity, day)]
        case .paused(let entity): [.pause(entity)]
        case .resumed(let entity): [.resume(entity)]
        case .deleted(let entity): [.forget(entity), .recordDeletion(entity, at: record.instant)]
        case .deferred(let entityDay): [.deferDay(entityDay)]
        case .snoozed(let snooze): [.snooze(snooze)]
        case .answered(let identifier): [.acknowledge(identifier, at: record.instant)]
        }
    }
}
