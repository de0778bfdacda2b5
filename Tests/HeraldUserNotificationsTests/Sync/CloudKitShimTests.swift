#if !canImport(CloudKit)
import Foundation
@_spi(Testing) import CloudKitShim
import Testing

/// The CloudKit stand-in keeps CloudKit's limits and storage: what the adapter is
/// tested against is as strict as the service.
@Suite struct CloudKitShimTests {
    static let zone = CKRecordZone.ID(zoneName: "Z")

    /// Sends `records` in one batch through a fresh engine, its zone saved first unless
    /// `savingZone` is false, and returns the events' saves and failures.
    func send(_ records: [CKRecord], on database: CKDatabase = .makeForTesting(),
              savingZone: Bool = true) async throws -> BatchOutcome {
        let delegate = BatchDelegate(records: records)
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil, delegate: delegate))
        if savingZone { engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: Self.zone))]) }
        engine.state.add(pendingRecordZoneChanges: records.map { .saveRecord($0.recordID) })
        try await engine.sendChanges()
        return await delegate.outcome
    }

    static func records(_ count: Int, bytes: Int = 10) -> [CKRecord] {
        (0..<count).map { index in
            let record = CKRecord(recordType: "R", recordID: CKRecord.ID(recordName: "r\(index)", zoneID: zone))
            record["data"] = Data(repeating: 7, count: bytes)
            return record
        }
    }

    @Test func aBatchOfMoreThan250IsRefusedWithLimitExceeded() async throws {
        let outcome = try await send(Self.records(251))
        #expect(outcome.saved == 0)
        #expect(outcome.failures.count == 251)
        #expect(Set(outcome.failures) == [.limitExceeded])
        #expect(try await send(Self.records(250)).saved == 250)
    }

    @Test func aRecordOver1MBIsRefusedAndARequestOver2MB() async throws {
        let big = try await send(Self.records(1, bytes: 1024 * 1024 + 1))
        #expect(big.failures == [.limitExceeded])
        // Three records of 0.9 MB: 2.7 MB in one request
        let heavy = try await send(Self.records(3, bytes: 900 * 1024))
        #expect(heavy.failures == [.limitExceeded, .limitExceeded, .limitExceeded])
        #expect(try await send(Self.records(2, bytes: 900 * 1024)).saved == 2)
    }

    @Test func savingIntoAZoneThatWasNeverSavedFails() async throws {
        let outcome = try await send(Self.records(1), savingZone: false)
        #expect(outcome.failures == [.zoneNotFound])
    }

    @Test func datesAreStoredToTheMillisecond() async throws {
        let database = CKDatabase.makeForTesting()
        let record = Self.records(1)[0]
        record["when"] = Date(timeIntervalSince1970: 1_000.987_654_321)
        #expect(try await send([record], on: database).saved == 1)
        let stored: Date? = await database.recordForTesting(record.recordID)?["when"]
        #expect(stored == Date(timeIntervalSince1970: 1_000.987))
    }

    /// A record name CloudKit does not take traps, as the SDK throws an exception.
    @Test func aRecordNameThatIsNotASCIITraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = CKRecord.ID(recordName: "phone «iPhone»", zoneID: CKRecordZone.ID(zoneName: "Z"))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("has characters that are not ASCII"), "\(message)")
    }

    @Test func typedFieldsReadBackAsWritten() {
        let record = CKRecord(recordType: "R")
        record["text"] = "«hi»"
        record["count"] = 3
        record["data"] = Data([1, 2])
        let text: String? = record["text"], count: Int? = record["count"], data: Data? = record["data"]
        let wrong: Date? = record["text"]
        #expect(text == "«hi»" && count == 3 && data == Data([1, 2]) && wrong == nil)
        #expect(record.allKeys() == ["count", "data", "text"])
    }
}

/// The saves and failures one batch's events reported.
struct BatchOutcome: Sendable {
    var saved = 0
    var failures: [CKError.Code] = []
}

/// A delegate that offers its records as one batch and records what was sent.
final class BatchDelegate: CKSyncEngineDelegate {
    let records: [CKRecord]
    private let collected = Collected()

    init(records: [CKRecord]) { self.records = records }

    var outcome: BatchOutcome { get async { await collected.outcome } }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        if case .sentRecordZoneChanges(let sent) = event {
            await collected.add(saved: sent.savedRecords.count, failures: sent.failedRecordSaves.map(\.error.code))
        }
    }

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
                                   syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        let pending = syncEngine.state.pendingRecordZoneChanges
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { [records] id in
            records.first { $0.recordID == id }
        }
    }

    actor Collected {
        var outcome = BatchOutcome()
        func add(saved: Int, failures: [CKError.Code]) {
            outcome.saved += saved
            outcome.failures += failures
        }
    }
}
#endif
