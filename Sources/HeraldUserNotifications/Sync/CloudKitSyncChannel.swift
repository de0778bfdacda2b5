import Foundation
import Herald
import Logging
#if canImport(CloudKit)
import CloudKit
#else
import CloudKitShim
#endif

/// Carries Herald's sync records between the user's devices through the app's
/// `CKSyncEngine` (a `HeraldSync.Channel`): each record is one `CKRecord` in a zone of
/// Herald's own, named after the record's `id` (the id itself where CloudKit takes it as a
/// name: ASCII, at most 255 characters), its JSON in one field (a CloudKit date keeps
/// milliseconds; the contract needs nanoseconds).
///
/// ## Sharing the app's engine
///
/// An app has one `CKSyncEngine` for its private database, with one delegate: the
/// channel does not make another. The app's delegate forwards every event and every
/// batch request to the channel first; the channel takes what is in its zone
/// (``zoneID``) and answers `nil` to a batch request when it has nothing pending, and the
/// app handles the rest, leaving out the pending changes ``owns(_:)`` claims:
///
/// ```swift
/// final class SyncDelegate: CKSyncEngineDelegate {
///     let herald: CloudKitSyncChannel
///
///     init(herald: CloudKitSyncChannel) { self.herald = herald }
///
///     func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
///         await herald.handleEvent(event, syncEngine: syncEngine)   // Herald's zone only
///         // … the app's own records: skip those whose zoneID is herald.zoneID
///     }
///
///     func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
///                                    syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
///         if let batch = await herald.nextRecordZoneChangeBatch(context, syncEngine: syncEngine) { return batch }
///         let mine = syncEngine.state.pendingRecordZoneChanges.filter { !herald.owns($0) }
///         return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: mine) { id in await appRecord(id) }
///     }
/// }
/// ```
///
/// Then ``connect(to:)`` gives the channel the engine (it adds its zone as a pending
/// database change), and a `HeraldSync.Relay` carries the engine's records over it.
///
/// ## What a send does
///
/// ``send(_:)`` adds a pending save for each record and asks the engine to send Herald's
/// zone now; the engine asks for batches (at most 250 records each, CloudKit's limit) and
/// reports each request in `sentRecordZoneChanges`. The send returns once every record
/// was saved, or the server already held a record of that name (`serverRecordChanged`:
/// the name comes from the record's identity, so it is the same record, sent again). Otherwise
/// it throws ``CloudKitSyncChannelError``, the refused saves are no longer pending, and
/// the records stay in Herald's outbox for the next send.
///
/// Records other devices saved arrive in `fetchedRecordZoneChanges` whenever the engine
/// fetches (its own schedule, a push, the app's `fetchChanges`); the channel decodes
/// them and hands them to the receiver, waiting for it, so the engine moves its change
/// token only after they were handed on. A record that does not decode is logged and
/// skipped. Records fetched before a receiver is set wait for it.
public actor CloudKitSyncChannel: HeraldSync.Channel {
    /// The record type of Herald's records.
    public static let recordType: CKRecord.RecordType = "HeraldSyncRecord"
    /// The field holding a record's JSON (`Data`).
    public static let jsonField: CKRecord.FieldKey = "json"
    /// The most records one batch carries: CloudKit saves at most 250 a request.
    public static let maximumBatchSize = 250

    /// Herald's zone in the app's private database.
    public nonisolated let zoneID: CKRecordZone.ID
    private let logger: Logger
    private var engine: CKSyncEngine?
    /// The records being sent, by record name (``CloudKitRecordName``), until the send
    /// that added them ends.
    private var outgoing: [String: HeraldSync.Record] = [:]
    /// What the server said of each record being sent.
    private var outcomes: [String: Result<Void, CKError>] = [:]
    private var receiver: (@Sendable ([HeraldSync.Record]) async -> Void)?
    private var early: [[HeraldSync.Record]] = []
    private var sending = false
    private var sendQueue: [CheckedContinuation<Void, Never>] = []

    /// - Parameters:
    ///   - zoneName: the zone Herald's records live in, apart from the app's.
    ///   - logger: where records that do not decode and refused saves are logged.
    public init(zoneName: String = "HeraldSync", logger: Logger = Logger(label: "herald.sync.cloudkit")) {
        self.zoneID = CKRecordZone.ID(zoneName: zoneName)
        self.logger = logger
    }

    /// Gives the channel the app's engine, whose delegate forwards to it, and adds the
    /// zone's save as a pending database change (saving an existing zone changes
    /// nothing). Call once the engine is made, before the relay starts.
    public func connect(to engine: CKSyncEngine) {
        self.engine = engine
        engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zoneID))])
    }

    /// Whether `change` is the channel's (a record of its zone), which the app's own
    /// batches leave out.
    public nonisolated func owns(_ change: CKSyncEngine.PendingRecordZoneChange) -> Bool {
        if case .saveRecord(let recordID) = change { return recordID.zoneID == zoneID }
        if case .deleteRecord(let recordID) = change { return recordID.zoneID == zoneID }
        return false
    }

    /// The record ID of a sync record in Herald's zone: its `id` where CloudKit takes it
    /// as a record name; otherwise the id percent-encoded, or its SHA-256 when that is
    /// over 255 characters.
    public nonisolated func recordID(for record: HeraldSync.Record) -> CKRecord.ID {
        CKRecord.ID(recordName: CloudKitRecordName.of(record.id), zoneID: zoneID)
    }

    public func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {
        self.receiver = receiver
        let waiting = early
        early = []
        for batch in waiting { await receiver(batch) }
    }

    /// Saves `records` to CloudKit, returning once the server confirmed every one.
    ///
    /// - Throws: ``CloudKitSyncChannelError`` when the channel is not connected, the
    ///   engine's send threw, or the server did not confirm a record.
    public func send(_ records: [HeraldSync.Record]) async throws {
        guard let engine else { throw CloudKitSyncChannelError.notConnected }
        guard !records.isEmpty else { return }
        await waitForTurn()
        defer { endTurn() }
        for record in records {
            let name = CloudKitRecordName.of(record.id)
            outgoing[name] = record
            outcomes[name] = nil
        }
        let names = Array(Set(records.map { CloudKitRecordName.of($0.id) })).sorted()
        defer {
            for name in names {
                outgoing[name] = nil
                outcomes[name] = nil
            }
        }
        engine.state.add(pendingRecordZoneChanges: names.map { .saveRecord(CKRecord.ID(recordName: $0, zoneID: zoneID)) })
        do {
            try await engine.sendChanges(CKSyncEngine.SendChangesOptions(scope: .zoneIDs([zoneID])))
        } catch {
            forgetPending(names, in: engine)
            throw CloudKitSyncChannelError.sendFailed(underlying: error)
        }
        let unconfirmed = names.filter { name in
            if case .success = outcomes[name] { false } else { true }
        }
        guard let first = unconfirmed.first else { return }
        forgetPending(unconfirmed, in: engine)
        let error: CKError? = if case .failure(let error) = outcomes[first] { error } else { nil }
        throw CloudKitSyncChannelError.notSaved(count: unconfirmed.count, firstRecordName: first, error: error)
    }

    /// Drops the pending saves of records the channel no longer holds: they go again with
    /// the outbox's next send.
    private func forgetPending(_ names: [String], in engine: CKSyncEngine) {
        engine.state.remove(pendingRecordZoneChanges: names.map { .saveRecord(CKRecord.ID(recordName: $0, zoneID: zoneID)) })
    }

    /// One send at a time: a record two sends carry is confirmed to the one whose turn it is.
    private func waitForTurn() async {
        if sending {
            await withCheckedContinuation { sendQueue.append($0) }
        } else {
            sending = true
        }
    }

    private func endTurn() {
        if sendQueue.isEmpty {
            sending = false
        } else {
            sendQueue.removeFirst().resume()
        }
    }

    /// The `CKRecord` for a pending save of the channel's zone; `nil` (and the pending
    /// change dropped) when the channel no longer holds the record, as after a relaunch.
    func cloudRecord(for recordID: CKRecord.ID, engine: CKSyncEngine) -> CKRecord? {
        guard let record = outgoing[recordID.recordName] else {
            engine.state.remove(pendingRecordZoneChanges: [.saveRecord(recordID)])
            return nil
        }
        do {
            let cloudRecord = CKRecord(recordType: Self.recordType, recordID: recordID)
            cloudRecord[Self.jsonField] = try SyncRecordJSON.encode(record)
            return cloudRecord
        } catch {
            logger.error("a sync record could not be encoded; it stays in the outbox",
                         metadata: ["record": "\(record.id)", "error": "\(error)"])
            outcomes[recordID.recordName] = .failure(CKError(.invalidArguments))
            engine.state.remove(pendingRecordZoneChanges: [.saveRecord(recordID)])
            return nil
        }
    }

    func record(_ recordName: String, outcome: Result<Void, CKError>) {
        if outgoing[recordName] != nil { outcomes[recordName] = outcome }
    }

    func handOn(_ records: [HeraldSync.Record]) async {
        guard !records.isEmpty else { return }
        if let receiver {
            await receiver(records)
        } else {
            early.append(records)
        }
    }

    var log: Logger { logger }
}
