#if !canImport(CloudKit)
import Foundation

/// Linux stand-in for `CKSyncEngine`: sends the app's pending changes to a database and
/// fetches the other devices' changes, telling its delegate through events, one at a
/// time.
///
/// A send saves the pending zone changes first, then asks the delegate for batches
/// (`nextRecordZoneChangeBatch`) until it gives none, each batch one request with one
/// `sentRecordZoneChanges` event; a saved or refused change leaves the pending list,
/// except those a transient error refused (`networkFailure`, `zoneBusy`, …), which stay
/// for a later send. A fetch posts the records other devices saved since the engine's
/// change token, then a `stateUpdate`. The stand-in's scheduler never runs by itself:
/// nothing moves until a test calls ``sendChanges(_:)`` or ``fetchChanges(_:)`` (as
/// the device's scheduler would, at a moment no one can predict), and a device learns
/// of others' changes only while its process runs and fetches.
///
/// ```swift
/// let database = CKContainer(identifier: "iCloud.com.example.habits").privateCloudDatabase
/// let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil, delegate: delegate))
/// engine.state.add(pendingRecordZoneChanges: [.saveRecord(recordID)])
/// try await engine.sendChanges()          // asks the delegate for batches
/// ```
///
/// The engine holds its delegate weakly: the app keeps it.
public final class CKSyncEngine: Sendable {
    /// How to make an engine.
    public struct Configuration: Sendable {
        public var database: CKDatabase
        public var stateSerialization: State.Serialization?
        public var delegate: any CKSyncEngineDelegate
        /// Whether the system's scheduler sends and fetches by itself (the stand-in
        /// never does).
        public var automaticallySync = true
        public var subscriptionID: String?

        public init(database: CKDatabase, stateSerialization: State.Serialization?, delegate: any CKSyncEngineDelegate) {
            self.database = database
            self.stateSerialization = stateSerialization
            self.delegate = delegate
        }
    }

    public let database: CKDatabase
    public let state: State
    private let delegateReference: WeakDelegate
    private let operations = OperationGate()
    /// How many records one fetched page holds.
    static let fetchPageSize = 200

    public init(_ configuration: Configuration) {
        database = configuration.database
        state = State(configuration.stateSerialization)
        delegateReference = WeakDelegate(configuration.delegate)
    }

    private var delegate: (any CKSyncEngineDelegate)? { delegateReference.value }

    /// Sends what is pending, as described on the type.
    public func sendChanges(_ options: SendChangesOptions = SendChangesOptions()) async throws {
        await operations.run { await self.send(options) }
    }

    /// Fetches what other devices saved since the last fetch.
    public func fetchChanges(_ options: FetchChangesOptions = FetchChangesOptions()) async throws {
        await operations.run { await self.fetch(options) }
    }

    /// Stops what runs; the stand-in has nothing running between calls.
    public func cancelOperations() async {}

    private func send(_ options: SendChangesOptions) async {
        guard let delegate else { return }
        let server = database.server
        let zoneSaves = state.pendingDatabaseChanges.compactMap { if case .saveZone(let zone) = $0 { zone } else { nil } }
        if !zoneSaves.isEmpty {
            let saved = await server.saveZones(zoneSaves)
            state.remove(pendingDatabaseChanges: saved.map { .saveZone($0) })
            await delegate.handleEvent(.sentDatabaseChanges(.init(savedZones: saved, deletedZoneIDs: [])), syncEngine: self)
        }
        let context = SendChangesContext(reason: .manual, options: options)
        await delegate.handleEvent(.willSendChanges(.init(context: context)), syncEngine: self)
        while let batch = await delegate.nextRecordZoneChangeBatch(context, syncEngine: self) {
            guard !batch.recordsToSave.isEmpty || !batch.recordIDsToDelete.isEmpty else { break }
            let outcome = await server.modify(saving: batch.recordsToSave, deleting: batch.recordIDsToDelete, from: state.device)
            let settled: [PendingRecordZoneChange] = outcome.saved.map { .saveRecord($0.recordID) }
                + outcome.failedSaves.filter { !$0.error.isTransient }.map { .saveRecord($0.record.recordID) }
                + outcome.deleted.map { .deleteRecord($0) }
                + outcome.failedDeletes.filter { !$0.value.isTransient }.map { .deleteRecord($0.key) }
            state.remove(pendingRecordZoneChanges: settled)
            let sent = Event.SentRecordZoneChanges(
                savedRecords: outcome.saved,
                failedRecordSaves: outcome.failedSaves.map { .init(record: $0.record, error: $0.error) },
                deletedRecordIDs: outcome.deleted, failedRecordDeletes: outcome.failedDeletes)
            await delegate.handleEvent(.sentRecordZoneChanges(sent), syncEngine: self)
            // What a transient error refused waits for a later send.
            if settled.isEmpty { break }
        }
        await delegate.handleEvent(.didSendChanges(.init(context: context)), syncEngine: self)
        await delegate.handleEvent(.stateUpdate(.init(stateSerialization: state.serialization)), syncEngine: self)
    }

    private func fetch(_ options: FetchChangesOptions) async {
        guard let delegate else { return }
        let context = FetchChangesContext(reason: .manual, options: options)
        _ = await delegate.nextFetchChangesOptions(context, syncEngine: self)
        await delegate.handleEvent(.willFetchChanges(.init()), syncEngine: self)
        let changes = await database.server.changes(after: state.changeToken, for: state.device)
        let zoneIDs = Array(Set(changes.modifications.map(\.recordID.zoneID) + changes.deletions.map(\.recordID.zoneID)))
            .sorted { $0.zoneName < $1.zoneName }
        for zoneID in zoneIDs {
            await delegate.handleEvent(.willFetchRecordZoneChanges(.init(zoneID: zoneID)), syncEngine: self)
            let modifications = changes.modifications.filter { $0.recordID.zoneID == zoneID }
            let deletions = changes.deletions.filter { $0.recordID.zoneID == zoneID }
            var start = 0
            repeat {
                let page = modifications[start..<min(start + Self.fetchPageSize, modifications.count)]
                let fetched = Event.FetchedRecordZoneChanges(
                    modifications: page.map { CKDatabase.RecordZoneChange.Modification(record: $0) },
                    deletions: start + Self.fetchPageSize >= modifications.count ? deletions : [])
                await delegate.handleEvent(.fetchedRecordZoneChanges(fetched), syncEngine: self)
                start += Self.fetchPageSize
            } while start < modifications.count
            await delegate.handleEvent(.didFetchRecordZoneChanges(.init(zoneID: zoneID, error: nil)), syncEngine: self)
        }
        state.changeToken = changes.token
        await delegate.handleEvent(.stateUpdate(.init(stateSerialization: state.serialization)), syncEngine: self)
        await delegate.handleEvent(.didFetchChanges(.init()), syncEngine: self)
    }
}

/// The engine's delegate, held weakly.
private final class WeakDelegate: @unchecked Sendable {
    private let lock = NSLock()
    private weak var delegate: (any CKSyncEngineDelegate)?

    init(_ delegate: any CKSyncEngineDelegate) { self.delegate = delegate }

    var value: (any CKSyncEngineDelegate)? { lock.withLock { delegate } }
}

/// Runs the engine's operations one after another, in the order asked, as the engine
/// posts its events serially.
private actor OperationGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run(_ operation: @Sendable () async -> Void) async {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        await operation()
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
#endif
