import Foundation
import Herald
import HeraldSimulator

/// The scenario's app carries Herald's records between the user's devices through its
/// engine, as an app with a `HeraldSync` does over its channel.
extension ScenarioApp: SyncingApp {
    func outgoingSyncRecords() async throws -> [HeraldSync.Record] { try await engine.outgoingSyncRecords() }
    func syncRecordsSent(_ ids: [String]) async throws { try await engine.syncRecordsSent(ids) }
    func receive(_ records: [HeraldSync.Record]) async throws {
        try await engine.receive(records)
        await environment.heard?.add(records, at: environment.center.clock.now)
    }
}

/// What a device's app received from the other devices, and when: what `herald why --on`
/// tells as "heard here".
actor ScenarioSyncLog {
    private(set) var heard: [(date: Date, record: HeraldSync.Record)] = []

    func add(_ records: [HeraldSync.Record], at date: Date) {
        heard += records.map { (date, $0) }
    }
}
