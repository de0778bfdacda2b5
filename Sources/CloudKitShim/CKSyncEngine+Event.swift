#if !canImport(CloudKit)
import Foundation

extension CKSyncEngine {
    /// Linux stand-in for `CKSyncEngine.Event`: what the engine tells its delegate, one
    /// event at a time. The stand-in posts `stateUpdate`, `sentDatabaseChanges`,
    /// `willSendChanges`, `sentRecordZoneChanges`, `didSendChanges`, `willFetchChanges`,
    /// `willFetchRecordZoneChanges`, `fetchedRecordZoneChanges`,
    /// `didFetchRecordZoneChanges` and `didFetchChanges`; the others exist for a
    /// delegate's `switch`.
    public enum Event: Sendable, CustomStringConvertible {
        case stateUpdate(StateUpdate)
        case accountChange(AccountChange)
        case fetchedDatabaseChanges(FetchedDatabaseChanges)
        case fetchedRecordZoneChanges(FetchedRecordZoneChanges)
        case sentDatabaseChanges(SentDatabaseChanges)
        case sentRecordZoneChanges(SentRecordZoneChanges)
        case willFetchChanges(WillFetchChanges)
        case willFetchRecordZoneChanges(WillFetchRecordZoneChanges)
        case didFetchRecordZoneChanges(DidFetchRecordZoneChanges)
        case didFetchChanges(DidFetchChanges)
        case willSendChanges(WillSendChanges)
        case didSendChanges(DidSendChanges)

        /// The state to persist.
        public struct StateUpdate: Sendable {
            public let stateSerialization: State.Serialization
        }

        /// The iCloud account changed.
        public struct AccountChange: Sendable {
            public enum ChangeType: Sendable {
                case signIn(currentUser: CKRecord.ID)
                case signOut(previousUser: CKRecord.ID)
                case switchAccounts(previousUser: CKRecord.ID, currentUser: CKRecord.ID)
            }

            public let changeType: ChangeType
        }

        /// Zones created or deleted on other devices.
        public struct FetchedDatabaseChanges: Sendable {
            public let modifications: [CKRecordZone.ID]
            public let deletions: [CKRecordZone.ID]
        }

        /// Records saved or deleted on other devices, a page of a fetch.
        public struct FetchedRecordZoneChanges: Sendable {
            public let modifications: [CKDatabase.RecordZoneChange.Modification]
            public let deletions: [CKDatabase.RecordZoneChange.Deletion]
        }

        /// Zones the engine saved or deleted.
        public struct SentDatabaseChanges: Sendable {
            public let savedZones: [CKRecordZone]
            public let deletedZoneIDs: [CKRecordZone.ID]
        }

        /// What one request of a send did, record by record.
        public struct SentRecordZoneChanges: Sendable {
            /// A save the server refused, and why.
            public struct FailedRecordSave: Sendable {
                public let record: CKRecord
                public let error: CKError
            }

            public let savedRecords: [CKRecord]
            public let failedRecordSaves: [FailedRecordSave]
            public let deletedRecordIDs: [CKRecord.ID]
            public let failedRecordDeletes: [CKRecord.ID: CKError]
        }

        public struct WillFetchChanges: Sendable {}

        public struct WillFetchRecordZoneChanges: Sendable {
            public let zoneID: CKRecordZone.ID
        }

        public struct DidFetchRecordZoneChanges: Sendable {
            public let zoneID: CKRecordZone.ID
            public let error: CKError?
        }

        public struct DidFetchChanges: Sendable {}

        public struct WillSendChanges: Sendable {
            public let context: SendChangesContext
        }

        public struct DidSendChanges: Sendable {
            public let context: SendChangesContext
        }

        public var description: String {
            switch self {
            case .stateUpdate: "stateUpdate"
            case .accountChange: "accountChange"
            case .fetchedDatabaseChanges: "fetchedDatabaseChanges"
            case .fetchedRecordZoneChanges(let changes):
                "fetchedRecordZoneChanges(\(changes.modifications.count) modifications, \(changes.deletions.count) deletions)"
            case .sentDatabaseChanges: "sentDatabaseChanges"
            case .sentRecordZoneChanges(let sent):
                "sentRecordZoneChanges(\(sent.savedRecords.count) saved, \(sent.failedRecordSaves.count) failed)"
            case .willFetchChanges: "willFetchChanges"
            case .willFetchRecordZoneChanges: "willFetchRecordZoneChanges"
            case .didFetchRecordZoneChanges: "didFetchRecordZoneChanges"
            case .didFetchChanges: "didFetchChanges"
            case .willSendChanges: "willSendChanges"
            case .didSendChanges: "didSendChanges"
            }
        }
    }
}
#endif
