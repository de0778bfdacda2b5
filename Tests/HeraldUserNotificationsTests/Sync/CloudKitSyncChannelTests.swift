#if !canImport(CloudKit)
import Foundation
import Herald
import HeraldConformance
@testable import HeraldUserNotifications
@_spi(Testing) import CloudKitShim
import Testing

/// The CloudKit channel keeps the `HeraldSync.Channel` contract over a fake CloudKit
/// server several engines share, within CloudKit's limits.
@Suite struct CloudKitSyncChannelTests {
    @Test func theCloudKitChannelConforms() async throws {
        let conformance = SyncChannelConformance {
            let database = CKDatabase.makeForTesting()
            let devices = [await CloudDevice(on: database), await CloudDevice(on: database), await CloudDevice(on: database)]
            return .init(ends: devices.map(\.channel), deliver: {
                for device in devices { try await device.engine.fetchChanges() }
            })
        }
        let report = try await conformance.runAll()
        #expect(report.passed == SyncChannelConformanceCheck.allCases)
    }

    @Test func sixHundredRecordsGoInThreeRequestsOfAtMost250() async throws {
        // Given a device on a fresh server
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)

        // When it sends 600 records at once
        try await phone.channel.send(SyncSamples.pauses(count: 600))

        // Then the engine made three requests: 250 + 250 + 100, and the server holds all 600
        let requests = await database.requestsForTesting
        #expect(requests.map(\.saves) == [250, 250, 100])
        #expect(requests.allSatisfy { $0.deletes == 0 })
        #expect(await database.recordCountForTesting == 600)
        #expect(phone.engine.state.pendingRecordZoneChanges.isEmpty)
    }

    @Test func eachRecordIsOneCKRecordNamedByItsIDWithItsJSON() async throws {
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        let record = SyncSamples.pauses(count: 1)[0]

        try await phone.channel.send([record])

        let saved = try #require(await database.recordForTesting(phone.channel.recordID(for: record)))
        #expect(saved.recordType == "HeraldSyncRecord")
        #expect(saved.recordID.recordName == record.id)
        #expect(saved.recordID.zoneID.zoneName == "HeraldSync")
        let json: Data = try #require(saved["json"])
        #expect(try JSONDecoder().decode(HeraldSync.Record.self, from: json) == record)
    }

    @Test func aSendReturnsOnlyOnceTheServerConfirmedTheSaves() async throws {
        // Given a server that holds every save until released
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        await database.holdSavesForTesting()
        let returned = Flag()

        // When a send starts
        let send = Task {
            try await phone.channel.send(SyncSamples.pauses(count: 3))
            await returned.set()
        }

        // Then while the request waits at the server, the send has not returned
        try await waitUntil { await database.heldRequestCountForTesting == 1 }
        #expect(await !returned.isSet)
        #expect(await database.recordCountForTesting == 0)

        // And once the server saves them, it returns
        await database.releaseSavesForTesting()
        try await send.value
        #expect(await returned.isSet)
        #expect(await database.recordCountForTesting == 3)
    }

    @Test func aRefusedSendThrowsAndTheRecordsCanBeSentAgain() async throws {
        // Given a server that refuses the next request
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        let records = SyncSamples.pauses(count: 4)
        await database.failNextRequestsForTesting([.quotaExceeded])

        // When the phone sends four records, the send throws, naming CloudKit's error
        await #expect {
            try await phone.channel.send(records)
        } throws: { error in
            guard case CloudKitSyncChannelError.notSaved(count: 4, firstRecordName: _, error: let ckError?) = error else {
                return false
            }
            return ckError.code == .quotaExceeded
        }
        // And nothing is saved or left pending in the engine
        #expect(await database.recordCountForTesting == 0)
        #expect(phone.engine.state.pendingRecordZoneChanges.isEmpty)

        // Then the same records, sent again, are saved
        try await phone.channel.send(records)
        #expect(await database.recordCountForTesting == 4)
    }

    @Test func aTransientFailureThrowsAndTheNextSendCarriesTheRecords() async throws {
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        let records = SyncSamples.pauses(count: 2)
        await database.failNextRequestsForTesting([.networkFailure])

        await #expect(throws: CloudKitSyncChannelError.self) { try await phone.channel.send(records) }
        // The channel drops the saves it no longer holds: the engine must not retry them alone
        #expect(phone.engine.state.pendingRecordZoneChanges.isEmpty)
        try await phone.channel.send(records)
        #expect(await database.recordCountForTesting == 2)
    }

    @Test func aRecordTheServerAlreadyHoldsCountsAsSaved() async throws {
        // Given records saved once (the app then died before the outbox learned it)
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        let records = SyncSamples.pauses(count: 2)
        try await phone.channel.send(records)

        // When they are sent again, CloudKit answers serverRecordChanged for each: the
        // same name is the same record, so the send succeeds
        try await phone.channel.send(records)
        #expect(await database.recordCountForTesting == 2)
        #expect(await database.requestsForTesting.map(\.saves) == [2, 2])
    }

    @Test func instantsSurviveToTheNanosecondWhereACloudKitDateKeepsMilliseconds() async throws {
        // Given a record made at .123456789 s
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database), watch = await CloudDevice(on: database)
        let instant = Date(timeIntervalSince1970: 1_795_248_000.123_456_789)
        let record = HeraldSync.Record(device: "phone", instant: instant,
                                       change: .paused(EntityReference(namespace: "habit", id: "water")))
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }

        // When it goes through CloudKit
        try await phone.channel.send([record])
        try await watch.engine.fetchChanges()

        // Then it arrives with the same instant
        #expect(await handed.records == [record])
        #expect(await handed.records.first?.instant == instant)

        // While the same instant in a CKRecord date field comes back as .123 s
        let dated = CKRecord(recordType: "Probe", recordID: CKRecord.ID(recordName: "probe", zoneID: phone.channel.zoneID))
        dated["instant"] = instant
        let probe = ProbeDelegate(record: dated)
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil, delegate: probe))
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(dated.recordID)])
        try await engine.sendChanges()
        let stored: Date? = await database.recordForTesting(dated.recordID)?["instant"]
        #expect(stored == Date(timeIntervalSince1970: 1_795_248_000.123))
    }

    @Test func aRecordFetchedAgainIsHandedOnAgain() async throws {
        // Given a record the watch fetched once
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database), watch = await CloudDevice(on: database)
        let records = SyncSamples.pauses(count: 2)
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }
        try await phone.channel.send(records)
        try await watch.engine.fetchChanges()

        // When the watch's engine starts over without its state (a reinstall, a reset
        // change token) and fetches everything again, connected to the same channel
        let restarted = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil,
                                                                delegate: watch.delegate))
        await watch.channel.connect(to: restarted)
        try await restarted.fetchChanges()

        // Then the channel hands the records on each time: the engine applies each once
        #expect(await handed.batches == [records, records])
    }

    @Test func otherZonesRecordsAreLeftToTheApp() async throws {
        // Given an app record saved in the app's own zone by another engine
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        let app = CKRecord(recordType: "Habit", recordID: CKRecord.ID(recordName: "water", zoneID: CKRecordZone.ID(zoneName: "App")))
        app["json"] = Data("[]".utf8)
        let probe = ProbeDelegate(record: app)
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil, delegate: probe))
        engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneName: "App"))])
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(app.recordID)])
        try await engine.sendChanges()
        let handed = HandedOn()
        await phone.channel.setReceiver { await handed.add($0) }

        // When the phone fetches it, the channel hands nothing on
        try await phone.engine.fetchChanges()
        #expect(await handed.batches.isEmpty)
        #expect(!phone.channel.owns(.saveRecord(app.recordID)))
    }

    @Test func aZoneTheUserDeletedIsSavedAgainForTheNextSend() async throws {
        // Given a phone that saved once, then the user deleted Herald's zone
        let database = CKDatabase.makeForTesting()
        let phone = await CloudDevice(on: database)
        try await phone.channel.send(SyncSamples.pauses(count: 1))
        await database.deleteZoneForTesting(phone.channel.zoneID)

        // When the phone sends, every save fails with zoneNotFound and the send throws
        let records = SyncSamples.pauses(count: 2, offset: 1)
        await #expect {
            try await phone.channel.send(records)
        } throws: { error in
            guard case CloudKitSyncChannelError.notSaved(count: 2, firstRecordName: _, error: let ckError?) = error else {
                return false
            }
            return ckError.code == .zoneNotFound
        }

        // Then the zone's save is pending again, and the next send saves both
        #expect(phone.engine.state.pendingDatabaseChanges == [.saveZone(CKRecordZone(zoneID: phone.channel.zoneID))])
        try await phone.channel.send(records)
        #expect(await database.recordCountForTesting == 2)
    }

    @Test func sendingBeforeConnectingThrows() async {
        let channel = CloudKitSyncChannel()
        await #expect(throws: CloudKitSyncChannelError.self) { try await channel.send(SyncSamples.pauses(count: 1)) }
    }
}

/// An app's delegate with one record of its own to save.
final class ProbeDelegate: CKSyncEngineDelegate {
    let record: CKRecord
    init(record: CKRecord) { self.record = record }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {}

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
                                   syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        let pending = syncEngine.state.pendingRecordZoneChanges
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { [record] id in id == record.recordID ? record : nil }
    }
}

actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
#endif
