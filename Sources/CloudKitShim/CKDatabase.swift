#if !canImport(CloudKit)
import Foundation

/// Linux stand-in for `CKDatabase`: one of a container's databases, on a fake CloudKit
/// server (``CloudServer``) that every `CKSyncEngine` made with it shares, as the
/// user's devices share their private database.
open class CKDatabase: NSObject, @unchecked Sendable {
    public enum Scope: Int, Sendable {
        case `public` = 1
        case `private` = 2
        case shared = 3
    }

    /// A change in a record zone, as a fetch reports it.
    public enum RecordZoneChange {
        /// A record saved (created or changed) since the last fetch.
        public struct Modification: Sendable {
            public let record: CKRecord
        }

        /// A record deleted since the last fetch.
        public struct Deletion: Sendable {
            public let recordID: CKRecord.ID
            public let recordType: CKRecord.RecordType
        }
    }

    open private(set) var databaseScope: Scope
    let server: CloudServer

    init(scope: Scope, server: CloudServer) {
        self.databaseScope = scope
        self.server = server
        super.init()
    }
}

/// Linux stand-in for `CKContainer`: the app's container and its databases.
open class CKContainer: NSObject, @unchecked Sendable {
    private static let defaultContainer = CKContainer(identifier: "iCloud.default")

    open private(set) var containerIdentifier: String?
    /// The user's private database; `CKSyncEngine` syncs it (never the public one).
    open private(set) var privateCloudDatabase: CKDatabase
    open private(set) var sharedCloudDatabase: CKDatabase

    public init(identifier containerIdentifier: String) {
        self.containerIdentifier = containerIdentifier
        self.privateCloudDatabase = CKDatabase(scope: .private, server: CloudServer())
        self.sharedCloudDatabase = CKDatabase(scope: .shared, server: CloudServer())
        super.init()
    }

    /// The app's default container.
    open class func `default`() -> CKContainer { defaultContainer }
}
#endif
