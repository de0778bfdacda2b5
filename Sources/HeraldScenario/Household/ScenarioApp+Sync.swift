import Herald
import HeraldSimulator

/// The scenario's app carries Herald's records between the user's devices through its
/// engine, as an app with a `HeraldSync` does over its channel.
extension ScenarioApp: SyncingApp {
    func outgoingSyncRecords() async throws -> [HeraldSync.Record] { try await engine.outgoingSyncRecords() }
    func syncRecordsSent(_ ids: [String]) async throws { try await engine.syncRecordsSent(ids) }
    func receive(_ records: [HeraldSync.Record]) async throws { try await engine.receive(records) }
}
