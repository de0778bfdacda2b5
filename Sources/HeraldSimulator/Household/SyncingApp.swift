import Herald

/// A ``SimulatedApp`` that carries Herald's records between the user's devices, as an
/// app with a `HeraldSync` does over its channel. A ``SimulatedHousehold`` takes its
/// outgoing records after each run and hands it those of the other devices when it can
/// run. ``HostedApp`` conforms through its engine.
///
/// ```swift
/// extension GoalApp: SyncingApp {
///     func outgoingSyncRecords() async throws -> [HeraldSync.Record] { try await engine.outgoingSyncRecords() }
///     func syncRecordsSent(_ ids: [String]) async throws { try await engine.syncRecordsSent(ids) }
///     func receive(_ records: [HeraldSync.Record]) async throws { try await engine.receive(records) }
/// }
/// ```
public protocol SyncingApp: SimulatedApp {
    /// What the app has to send (its engine's outbox).
    func outgoingSyncRecords() async throws -> [HeraldSync.Record]
    /// The channel took these records.
    func syncRecordsSent(_ ids: [String]) async throws
    /// Records from the user's other devices arrived.
    func receive(_ records: [HeraldSync.Record]) async throws
}

extension HostedApp: SyncingApp {
    public func outgoingSyncRecords() async throws -> [HeraldSync.Record] { try await engine.outgoingSyncRecords() }
    public func syncRecordsSent(_ ids: [String]) async throws { try await engine.syncRecordsSent(ids) }
    public func receive(_ records: [HeraldSync.Record]) async throws { try await engine.receive(records) }
}
