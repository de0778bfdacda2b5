import Foundation
import Herald

extension EngineStoreProbe {
    /// The sync's log (``Herald/EngineState/SyncLog``): the outbox keeps records in the
    /// order they were made, once each, until they are marked sent; a subject keeps its
    /// latest stamp, which an older record does not replace (answers too); retention
    /// drops both before its cutoff.
    func syncLogKeepsOrderAndLatestStamps() throws {
        let records = S.syncRecords
        // Made in an order that is not the instants' (the pause after the completion,
        // queued before it), and one queued twice.
        try commit([.queueSyncRecord(records[1]), .queueSyncRecord(records[0])])
        try commit([.queueSyncRecord(records[1])])
        try expectLoad(context: "after queueing two records, one twice")
        guard try load().sync.outbox.map(\.id) == [records[1].id, records[0].id] else {
            throw failure("the outbox did not keep the records once each, in the order they were made")
        }
        // An older record of the same subject as the pause does not replace its stamp.
        let older = HeraldSync.Record(device: "watch «wrist»", instant: records[1].instant.addingTimeInterval(-1),
                                      change: .resumed(S.run))
        try commit([.receiveSyncRecord(older), .receiveSyncRecord(records[2])])
        try expectLoad(context: "after receiving an older record of a subject")
        guard try load().sync.stamps[records[1].subject] == records[1].stamp,
              try load().sync.stamps[records[2].subject] == records[2].stamp else {
            throw failure("an older record replaced a subject's latest stamp, or a received stamp was not kept")
        }
        // Of two answers to one occurrence, the later holds, whichever comes first.
        let earlierAnswer = HeraldSync.Record(device: "phone", instant: records[2].instant.addingTimeInterval(-5),
                                              change: records[2].change)
        try commit([.receiveSyncRecord(earlierAnswer)])
        try expectLoad(context: "after receiving an earlier answer to an occurrence answered already")
        guard try load().sync.stamps[records[2].subject] == records[2].stamp else {
            throw failure("an earlier answer replaced the later one's stamp")
        }
        try commit([.removeSyncRecords([records[1].id, "an id never queued"])])
        try expectLoad(context: "after marking a record sent")
        guard try load().sync.outbox.map(\.id) == [records[0].id] else {
            throw failure("marking a record sent did not remove exactly it from the outbox")
        }
        try commit([.prune(before: records[2].instant)])
        try expectLoad(context: "after pruning between the records' instants")
        let pruned = try load().sync
        guard pruned.outbox.isEmpty, pruned.stamps[records[0].subject] == nil,
              pruned.stamps[records[1].subject] == records[1].stamp else {
            throw failure("retention did not drop exactly the records and stamps before its cutoff")
        }
    }
}
