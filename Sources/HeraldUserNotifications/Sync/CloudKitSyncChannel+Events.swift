import Foundation
import Herald
import Logging
#if canImport(CloudKit)
import CloudKit
#else
import CloudKitShim
#endif

/// What the app's `CKSyncEngineDelegate` forwards to the channel.
extension CloudKitSyncChannel {
    /// Takes what an engine event says of Herald's zone: the saves it confirmed or
    /// refused, and the records other devices saved, which go to the receiver. Other
    /// zones' records and other events are left to the app.
    ///
    /// ```swift
    /// func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
    ///     await herald.handleEvent(event, syncEngine: syncEngine)
    /// }
    /// ```
    public func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case .sentRecordZoneChanges(let sent):
            for saved in sent.savedRecords where saved.recordID.zoneID == zoneID {
                record(saved.recordID.recordName, outcome: .success(()))
            }
            let failures = sent.failedRecordSaves.filter { $0.record.recordID.zoneID == zoneID }
            for failure in failures {
                refused(failure.record.recordID, failure.error, syncEngine: syncEngine)
            }
            if let first = failures.first(where: { $0.error.code != .serverRecordChanged }) {
                log.warning("CloudKit refused sync records; they stay in the outbox",
                            metadata: ["count": "\(failures.filter { $0.error.code != .serverRecordChanged }.count)",
                                       "first": "\(first.record.recordID.recordName)", "error": "\(first.error)"])
            }
        case .fetchedRecordZoneChanges(let fetched):
            let records = fetched.modifications.map(\.record).filter {
                $0.recordID.zoneID == zoneID && $0.recordType == Self.recordType
            }
            await handOn(records.compactMap(decoded))
        default:
            break
        }
    }

    /// The next batch of Herald's pending saves in `context`'s scope, at most
    /// ``maximumBatchSize``; `nil` when there are none (the app's delegate then makes
    /// its own batch).
    public func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
                                          syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        while true {
            let pending = syncEngine.state.pendingRecordZoneChanges.filter { owns($0) && context.options.scope.contains($0) }
            guard !pending.isEmpty else { return nil }
            let batch = await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: Array(pending.prefix(Self.maximumBatchSize))) {
                [self] recordID in await cloudRecord(for: recordID, engine: syncEngine)
            }
            // A batch with nothing to save dropped the pending saves it could not make: look again.
            if let batch { return batch }
        }
    }

    /// A refused save: the server already holds a record by that name (the same record,
    /// sent again), or it did not take it. A missing zone is saved again for next time.
    private func refused(_ recordID: CKRecord.ID, _ error: CKError, syncEngine: CKSyncEngine) {
        switch error.code {
        case .serverRecordChanged:
            record(recordID.recordName, outcome: .success(()))
        case .zoneNotFound, .userDeletedZone:
            syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zoneID))])
            record(recordID.recordName, outcome: .failure(error))
        default:
            record(recordID.recordName, outcome: .failure(error))
        }
    }

    private func decoded(_ cloudRecord: CKRecord) -> HeraldSync.Record? {
        guard let json: Data = cloudRecord[Self.jsonField] else {
            log.error("a fetched sync record has no JSON field; skipped",
                      metadata: ["record": "\(cloudRecord.recordID.recordName)", "field": "\(Self.jsonField)"])
            return nil
        }
        do {
            return try SyncRecordJSON.decodeOne(json)
        } catch {
            log.error("a fetched sync record does not decode; skipped",
                      metadata: ["record": "\(cloudRecord.recordID.recordName)", "error": "\(error)"])
            return nil
        }
    }
}
