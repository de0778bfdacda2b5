#if !canImport(CloudKit)
import Foundation

/// What tests do that only CloudKit's servers do: make a fresh database several
/// engines share, hold saves, refuse requests, and read what the server keeps.
///
/// ```swift
/// let database = CKDatabase.makeForTesting()
/// await database.holdSavesForTesting()       // a send waits until released
/// await database.releaseSavesForTesting()
/// await database.failNextRequestsForTesting([.networkFailure])
/// ```
extension CKDatabase {
    /// A fresh private database on a server of its own: no zones, no records.
    @_spi(Testing)
    public static func makeForTesting(scope: Scope = .private) -> CKDatabase {
        CKDatabase(scope: scope, server: CloudServer())
    }

    /// Each modify request so far: its saves, deletes and bytes, in order.
    @_spi(Testing)
    public var requestsForTesting: [(saves: Int, deletes: Int, bytes: Int)] {
        get async { await server.requests.map { ($0.saves, $0.deletes, $0.bytes) } }
    }

    /// The record as the server keeps it (dates to the millisecond), if saved.
    @_spi(Testing)
    public func recordForTesting(_ recordID: CKRecord.ID) async -> CKRecord? {
        await server.record(recordID)
    }

    /// How many records the server keeps.
    @_spi(Testing)
    public var recordCountForTesting: Int {
        get async { await server.recordCount }
    }

    /// Refuses the next requests, one code each: every save and delete of the request
    /// fails with it.
    @_spi(Testing)
    public func failNextRequestsForTesting(_ codes: [CKError.Code]) async {
        await server.failNextRequests(codes)
    }

    /// Makes modify requests wait until ``releaseSavesForTesting()``.
    @_spi(Testing)
    public func holdSavesForTesting() async {
        await server.hold()
    }

    /// Lets held requests and later ones through.
    @_spi(Testing)
    public func releaseSavesForTesting() async {
        await server.release()
    }

    /// How many requests wait for the hold to be released.
    @_spi(Testing)
    public var heldRequestCountForTesting: Int {
        get async { await server.heldCount }
    }

    /// The user deleted the zone (from Settings): its records are gone and saves into it
    /// fail with `zoneNotFound` until it is saved again.
    @_spi(Testing)
    public func deleteZoneForTesting(_ zoneID: CKRecordZone.ID) async {
        await server.deleteZone(zoneID)
    }
}
#endif
