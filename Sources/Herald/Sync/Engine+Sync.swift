import Foundation

extension Engine {
    /// Applies records of what the user did on their other devices (``HeraldSync``),
    /// each as of its instant, and re-plans: a completion there ends this device's
    /// reminders for that day, an answer there removes the occurrence's copies here, and
    /// the badge counts again. Records already applied, older than one applied about the
    /// same subject, made on this device or older than the retention change nothing.
    ///
    /// ```swift
    /// // From the channel's delegate (CKSyncEngine's fetched changes, WCSession's userInfo):
    /// let records = try payloads.map { try JSONDecoder().decode(HeraldSync.Record.self, from: $0) }
    /// try await engine.receive(records)
    /// ```
    ///
    /// - Returns: the report of the run that followed; `nil` when no record changed
    ///   anything, so nothing was re-planned.
    /// - Throws: the store's error; nothing is applied then.
    @discardableResult
    public func receive(_ records: [HeraldSync.Record]) async throws -> ReconcileReport? {
        let outcome = try await record(.syncReceived(records))
        guard !outcome.changes.isEmpty else { return nil }
        return await reconcile(reasons: [outcome.reason])
    }

    /// The records made on this device that the app has not marked sent
    /// (``syncRecordsSent(_:)``), in the order they were made; empty when the engine
    /// has no ``sync``. Kept across launches, so a record made before a crash is still
    /// sent; dropped with the history after the ``retention``.
    public func outgoingSyncRecords() throws -> [HeraldSync.Record] {
        try store.load().sync.outbox
    }

    /// Marks records of ``outgoingSyncRecords()`` sent, by ``HeraldSync/Record/id``: they
    /// leave the outbox. Marking one again, or one the outbox does not hold, changes
    /// nothing.
    ///
    /// ```swift
    /// let batch = try await engine.outgoingSyncRecords()
    /// session.transferUserInfo(["herald": try JSONEncoder().encode(batch)])
    /// try await engine.syncRecordsSent(batch.map(\.id))
    /// ```
    public func syncRecordsSent(_ ids: some Sequence<String>) throws {
        try commit([.removeSyncRecords(Set(ids))], movesState: false)
    }
}
