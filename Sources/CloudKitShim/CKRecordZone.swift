#if !canImport(CloudKit)
import Foundation

/// The record name of the signed-in user, as CloudKit spells it for a zone's owner.
public let CKCurrentUserDefaultName = "__defaultOwner__"

/// Linux stand-in for `CKRecordZone`: a zone of a database. `CKSyncEngine` syncs
/// custom zones only; a zone must be saved (a pending database change) before records
/// are saved into it, or each save fails with `CKError.Code.zoneNotFound`.
open class CKRecordZone: NSObject, @unchecked Sendable {
    /// A zone's identity: its name and its owner.
    public final class ID: NSObject, @unchecked Sendable {
        public static let defaultZoneName = "_defaultZone"
        /// The database's default zone.
        public static let `default` = ID(zoneName: defaultZoneName)

        public let zoneName: String
        public let ownerName: String

        public init(zoneName: String = ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
            self.zoneName = zoneName
            self.ownerName = ownerName
            super.init()
        }

        override public func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return zoneName == other.zoneName && ownerName == other.ownerName
        }

        override public var hash: Int {
            var hasher = Hasher()
            hasher.combine(zoneName)
            hasher.combine(ownerName)
            return hasher.finalize()
        }

        override public var description: String { "<CKRecordZoneID: \(zoneName):\(ownerName)>" }
    }

    public let zoneID: ID

    public init(zoneID: ID) {
        self.zoneID = zoneID
        super.init()
    }

    public convenience init(zoneName: String) {
        self.init(zoneID: ID(zoneName: zoneName))
    }

    /// The database's default zone.
    open class func `default`() -> CKRecordZone {
        CKRecordZone(zoneID: .default)
    }
}
#endif
