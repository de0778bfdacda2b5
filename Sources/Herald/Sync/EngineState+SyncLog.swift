import Foundation

extension EngineState {
    /// What an engine keeps of the sync between the user's devices (``HeraldSync``):
    /// the records made here and not yet sent, and the stamp that holds for each subject
    /// (the latest), which makes a record that arrives
    /// again, late or out of order change nothing more.
    ///
    /// ```swift
    /// var state = EngineState()
    /// state.apply(.queueSyncRecord(record))
    /// state.sync.outbox.map(\.id)                 // [record.id]
    /// state.sync.stamps[record.subject]           // record.stamp
    /// state.apply(.removeSyncRecords([record.id])) // sent: the outbox is empty, the stamp stays
    /// ```
    public struct SyncLog: Hashable, Sendable, Codable {
        /// Records made on this device that the app has not marked sent, in the order
        /// they were made.
        public var outbox: [HeraldSync.Record]
        /// The stamp that holds for each ``HeraldSync/Record/subject``, of what this
        /// device applied or recorded: the latest.
        public var stamps: [String: HeraldSync.Stamp]

        public init(outbox: [HeraldSync.Record] = [], stamps: [String: HeraldSync.Stamp] = [:]) {
            self.outbox = outbox
            self.stamps = stamps
        }

        /// Whether `record` supersedes what this device applied or recorded about its
        /// subject: later than its stamp.
        public func supersedes(_ record: HeraldSync.Record) -> Bool {
            record.supersedes(stamps[record.subject])
        }

        /// Applies one of the sync's changes (``EngineStateChange/queueSyncRecord(_:)``,
        /// ``EngineStateChange/receiveSyncRecord(_:)``, ``EngineStateChange/removeSyncRecords(_:)``)
        /// or the history's pruning; applying one twice is the same as once.
        mutating func apply(_ change: EngineStateChange) {
            switch change {
            case .queueSyncRecord(let record):
                if !outbox.contains(where: { $0.id == record.id }) { outbox.append(record) }
                stamp(record)
            case .receiveSyncRecord(let record):
                stamp(record)
            case .removeSyncRecords(let ids):
                outbox.removeAll { ids.contains($0.id) }
            case .prune(let cutoff):
                outbox.removeAll { $0.instant < cutoff }
                stamps = stamps.filter { $0.value.instant >= cutoff }
            default:
                preconditionFailure("\(change) is not a change of the sync")
            }
        }

        private mutating func stamp(_ record: HeraldSync.Record) {
            if supersedes(record) { stamps[record.subject] = record.stamp }
        }
    }
}
