#if !canImport(CloudKit)
import Foundation

extension CKSyncEngine {
    /// A change to a record the engine is to send.
    public enum PendingRecordZoneChange: Hashable, Sendable {
        case saveRecord(CKRecord.ID)
        case deleteRecord(CKRecord.ID)

        var recordID: CKRecord.ID {
            switch self {
            case .saveRecord(let recordID), .deleteRecord(let recordID): recordID
            }
        }
    }

    /// A change to a zone the engine is to send (before any record change).
    public enum PendingDatabaseChange: Hashable, Sendable {
        case saveZone(CKRecordZone)
        case deleteZone(CKRecordZone.ID)

        var zoneID: CKRecordZone.ID {
            switch self {
            case .saveZone(let zone): zone.zoneID
            case .deleteZone(let zoneID): zoneID
            }
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.saveZone(let a), .saveZone(let b)): a.zoneID == b.zoneID
            case (.deleteZone(let a), .deleteZone(let b)): a == b
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(zoneID)
            if case .saveZone = self { hasher.combine(0) } else { hasher.combine(1) }
        }
    }

    /// Linux stand-in for `CKSyncEngine.State`: what the engine is to send and where its
    /// fetches resume. Adding a change schedules a send on a device; the stand-in's
    /// scheduler never runs by itself (tests call `sendChanges`). The same change added
    /// twice is pending once.
    public final class State: @unchecked Sendable {
        /// The state to persist from every `.stateUpdate` event and hand to the next
        /// engine's configuration; opaque to the app.
        public struct Serialization: Codable, Sendable {
            var device: UUID
            var changeToken: Int
            var pendingSaves: [StoredID]
            var pendingDeletes: [StoredID]
            var pendingZoneSaves: [String]
        }

        struct StoredID: Codable, Sendable {
            var recordName: String
            var zoneName: String
            var ownerName: String

            init(_ recordID: CKRecord.ID) {
                recordName = recordID.recordName
                zoneName = recordID.zoneID.zoneName
                ownerName = recordID.zoneID.ownerName
            }

            var recordID: CKRecord.ID {
                CKRecord.ID(recordName: recordName, zoneID: CKRecordZone.ID(zoneName: zoneName, ownerName: ownerName))
            }
        }

        private let lock = NSLock()
        private var recordChanges: [PendingRecordZoneChange] = []
        private var databaseChanges: [PendingDatabaseChange] = []
        let device: UUID
        private var token: Int

        init(_ serialization: Serialization?) {
            device = serialization?.device ?? UUID()
            token = serialization?.changeToken ?? 0
            recordChanges = (serialization?.pendingSaves ?? []).map { .saveRecord($0.recordID) }
                + (serialization?.pendingDeletes ?? []).map { .deleteRecord($0.recordID) }
            databaseChanges = (serialization?.pendingZoneSaves ?? []).map { .saveZone(CKRecordZone(zoneName: $0)) }
        }

        public var pendingRecordZoneChanges: [PendingRecordZoneChange] { lock.withLock { recordChanges } }
        public var pendingDatabaseChanges: [PendingDatabaseChange] { lock.withLock { databaseChanges } }

        public func add(pendingRecordZoneChanges changes: [PendingRecordZoneChange]) {
            lock.withLock {
                for change in changes where !recordChanges.contains(change) { recordChanges.append(change) }
            }
        }

        public func remove(pendingRecordZoneChanges changes: [PendingRecordZoneChange]) {
            let removed = Set(changes)
            lock.withLock { recordChanges.removeAll { removed.contains($0) } }
        }

        public func add(pendingDatabaseChanges changes: [PendingDatabaseChange]) {
            lock.withLock {
                for change in changes where !databaseChanges.contains(change) { databaseChanges.append(change) }
            }
        }

        public func remove(pendingDatabaseChanges changes: [PendingDatabaseChange]) {
            let removed = Set(changes)
            lock.withLock { databaseChanges.removeAll { removed.contains($0) } }
        }

        var changeToken: Int {
            get { lock.withLock { token } }
            set { lock.withLock { token = newValue } }
        }

        var serialization: Serialization {
            lock.withLock {
                Serialization(
                    device: device, changeToken: token,
                    pendingSaves: recordChanges.compactMap { if case .saveRecord(let id) = $0 { StoredID(id) } else { nil } },
                    pendingDeletes: recordChanges.compactMap { if case .deleteRecord(let id) = $0 { StoredID(id) } else { nil } },
                    pendingZoneSaves: databaseChanges.compactMap { if case .saveZone(let zone) = $0 { zone.zoneID.zoneName } else { nil } })
            }
        }
    }
}
#endif
