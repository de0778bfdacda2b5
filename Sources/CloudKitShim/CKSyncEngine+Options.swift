#if !canImport(CloudKit)
import Foundation

extension CKSyncEngine {
    /// Why the engine syncs: its own schedule, or the app's call.
    public enum SyncReason: Sendable {
        case scheduled
        case manual
    }

    /// What a send covers.
    public struct SendChangesOptions: Sendable {
        /// The records a send covers.
        public enum Scope: Sendable {
            case all
            case zoneIDs([CKRecordZone.ID])
            case allExcluding([CKRecordZone.ID])
            case recordIDs([CKRecord.ID])

            public func contains(_ recordID: CKRecord.ID) -> Bool {
                switch self {
                case .all: true
                case .zoneIDs(let zoneIDs): zoneIDs.contains(recordID.zoneID)
                case .allExcluding(let zoneIDs): !zoneIDs.contains(recordID.zoneID)
                case .recordIDs(let recordIDs): recordIDs.contains(recordID)
                }
            }

            public func contains(_ pendingChange: PendingRecordZoneChange) -> Bool {
                contains(pendingChange.recordID)
            }
        }

        public var scope: Scope

        public init(scope: Scope = .all) {
            self.scope = scope
        }
    }

    /// What a fetch covers. The stand-in fetches every zone whatever the scope.
    public struct FetchChangesOptions: Sendable {
        public enum Scope: Sendable {
            case all
            case zoneIDs([CKRecordZone.ID])
            case allExcluding([CKRecordZone.ID])
        }

        public var scope: Scope

        public init(scope: Scope = .all) {
            self.scope = scope
        }
    }

    /// What the engine asks the delegate's next batch for.
    public struct SendChangesContext: Sendable {
        public let reason: SyncReason
        public let options: SendChangesOptions
    }

    /// What the engine asks the delegate's fetch options for.
    public struct FetchChangesContext: Sendable {
        public let reason: SyncReason
        public let options: FetchChangesOptions
    }

    /// The records to save and delete in one request.
    public struct RecordZoneChangeBatch: Sendable {
        public var recordsToSave: [CKRecord]
        public var recordIDsToDelete: [CKRecord.ID]
        public var atomicByZone: Bool

        public init(recordsToSave: [CKRecord], recordIDsToDelete: [CKRecord.ID], atomicByZone: Bool) {
            self.recordsToSave = recordsToSave
            self.recordIDsToDelete = recordIDsToDelete
            self.atomicByZone = atomicByZone
        }

        /// A batch of `pendingChanges`, each save's record from `recordProvider` (a save
        /// whose record it does not give is left out); `nil` when nothing is left. Apple
        /// documents that it stops "when the size of the batch reaches the maximum
        /// limit"; the stand-in takes every change given (the stricter reading: a caller
        /// that passes more than 250 sees `limitExceeded`).
        public init?(pendingChanges: [PendingRecordZoneChange],
                     recordProvider: @Sendable (CKRecord.ID) async -> CKRecord?) async {
            var saves: [CKRecord] = [], deletes: [CKRecord.ID] = []
            for change in pendingChanges {
                switch change {
                case .saveRecord(let recordID):
                    if let record = await recordProvider(recordID) { saves.append(record) }
                case .deleteRecord(let recordID):
                    deletes.append(recordID)
                }
            }
            guard !saves.isEmpty || !deletes.isEmpty else { return nil }
            self.init(recordsToSave: saves, recordIDsToDelete: deletes, atomicByZone: false)
        }
    }
}
#endif
