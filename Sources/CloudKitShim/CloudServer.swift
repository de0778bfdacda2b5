#if !canImport(CloudKit)
import Foundation

/// The fake CloudKit server behind one ``CKDatabase``: its zones, its records as
/// CloudKit keeps them (dates to the millisecond), a log of changes that fetches read
/// from a change token, and CloudKit's limits on a modify request. Tests reach it
/// through `CKDatabase`'s testing hooks (hold saves, inject failures, read requests).
actor CloudServer {
    /// CloudKit's limits: `CKSyncEngine` sends at most 250 saves and deletes a request;
    /// a request carries at most 400 items and 2 MB; a record (without assets) at most 1 MB.
    static let maximumBatchItems = 250
    static let maximumRequestItems = 400
    static let maximumRequestBytes = 2 * 1024 * 1024
    static let maximumRecordBytes = 1024 * 1024

    /// What one modify request held.
    struct Request: Sendable, Equatable {
        var saves: Int
        var deletes: Int
        var bytes: Int
    }

    /// What a modify request did, record by record.
    struct Outcome: Sendable {
        var saved: [CKRecord] = []
        var failedSaves: [(record: CKRecord, error: CKError)] = []
        var deleted: [CKRecord.ID] = []
        var failedDeletes: [CKRecord.ID: CKError] = [:]
    }

    private struct Change {
        var recordID: CKRecord.ID
        var recordType: CKRecord.RecordType
        var record: CKRecord?
        var device: UUID
    }

    private var zones: Set<CKRecordZone.ID> = []
    private var records: [CKRecord.ID: CKRecord] = [:]
    private var log: [Change] = []
    private var nextTag = 1
    private(set) var requests: [Request] = []
    private var failures: [CKError.Code] = []
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    // MARK: Zones

    func saveZones(_ saved: [CKRecordZone]) -> [CKRecordZone] {
        for zone in saved { zones.insert(zone.zoneID) }
        return saved
    }

    func deleteZone(_ zoneID: CKRecordZone.ID) {
        zones.remove(zoneID)
        records = records.filter { $0.key.zoneID != zoneID }
    }

    // MARK: Modify

    /// Saves and deletes as one request from `device`, after any hold is released.
    func modify(saving toSave: [CKRecord], deleting toDelete: [CKRecord.ID], from device: UUID) async -> Outcome {
        while held { await withCheckedContinuation { waiting.append($0) } }
        let bytes = toSave.reduce(0) { $0 + $1.byteSize }
        requests.append(Request(saves: toSave.count, deletes: toDelete.count, bytes: bytes))
        if let refusal = refusal(saves: toSave.count, deletes: toDelete.count, bytes: bytes) {
            return Outcome(failedSaves: toSave.map { ($0, refusal) }, failedDeletes: Dictionary(toDelete.map { ($0, refusal) }, uniquingKeysWith: { a, _ in a }))
        }
        var outcome = Outcome()
        for record in toSave {
            switch save(record, from: device) {
            case .success(let stored): outcome.saved.append(stored)
            case .failure(let error): outcome.failedSaves.append((record, error))
            }
        }
        for recordID in toDelete {
            if zones.contains(recordID.zoneID) {
                if let old = records.removeValue(forKey: recordID) {
                    log.append(Change(recordID: recordID, recordType: old.recordType, record: nil, device: device))
                }
                outcome.deleted.append(recordID)
            } else {
                outcome.failedDeletes[recordID] = CKError(.zoneNotFound, reason: "zone \(recordID.zoneID.zoneName) does not exist")
            }
        }
        return outcome
    }

    /// Why the whole request is refused: an injected failure, or a CloudKit limit.
    private func refusal(saves: Int, deletes: Int, bytes: Int) -> CKError? {
        if !failures.isEmpty {
            let code = failures.removeFirst()
            return CKError(code, reason: "the fake server refused the request, as the test asked")
        }
        if saves + deletes > Self.maximumBatchItems {
            return CKError(.limitExceeded, reason: "\(saves) saves and \(deletes) deletes in one request; CKSyncEngine sends at most \(Self.maximumBatchItems)")
        }
        if saves + deletes > Self.maximumRequestItems {
            return CKError(.limitExceeded, reason: "\(saves + deletes) items in one request; at most \(Self.maximumRequestItems)")
        }
        if bytes > Self.maximumRequestBytes {
            return CKError(.limitExceeded, reason: "\(bytes) bytes in one request; at most \(Self.maximumRequestBytes)")
        }
        return nil
    }

    private func save(_ record: CKRecord, from device: UUID) -> Result<CKRecord, CKError> {
        let recordID = record.recordID
        guard zones.contains(recordID.zoneID) else {
            return .failure(CKError(.zoneNotFound, reason: "zone \(recordID.zoneID.zoneName) does not exist; save it first"))
        }
        guard record.byteSize <= Self.maximumRecordBytes else {
            return .failure(CKError(.limitExceeded, reason: "record \(recordID.recordName) has \(record.byteSize) bytes; at most \(Self.maximumRecordBytes)"))
        }
        if let existing = records[recordID], existing.recordChangeTag != record.recordChangeTag {
            return .failure(CKError(.serverRecordChanged, reason: "record \(recordID.recordName) changed on the server",
                                    serverRecord: existing.copied()))
        }
        let stored = record.stored(tag: "t\(nextTag)", at: Date())
        nextTag += 1
        records[recordID] = stored
        log.append(Change(recordID: recordID, recordType: record.recordType, record: stored, device: device))
        return .success(stored.copied())
    }

    // MARK: Fetch

    /// The changes logged after `token` by other devices than `device`: each record's
    /// latest state once, in the order of its last change.
    func changes(after token: Int, for device: UUID)
        -> (modifications: [CKRecord], deletions: [CKDatabase.RecordZoneChange.Deletion], token: Int) {
        var latest: [CKRecord.ID: Change] = [:]
        var order: [CKRecord.ID] = []
        for change in log.dropFirst(token) where change.device != device {
            if latest[change.recordID] == nil { order.append(change.recordID) }
            latest[change.recordID] = change
        }
        var modifications: [CKRecord] = [], deletions: [CKDatabase.RecordZoneChange.Deletion] = []
        for recordID in order {
            let change = latest[recordID]!
            if let record = change.record {
                modifications.append(record.copied())
            } else {
                deletions.append(.init(recordID: recordID, recordType: change.recordType))
            }
        }
        return (modifications, deletions, log.count)
    }

    // MARK: Testing

    func record(_ recordID: CKRecord.ID) -> CKRecord? { records[recordID]?.copied() }
    var recordCount: Int { records.count }
    func failNextRequests(_ codes: [CKError.Code]) { failures += codes }

    func hold() { held = true }

    func release() {
        held = false
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// How many requests wait for the hold to be released.
    var heldCount: Int { waiting.count }
}
#endif
