// The Swift samples of SeveralDevices.md (Sources/Herald/Documentation.docc), each inside
// the context it needs.
import Foundation
import Herald

/// The app's own channel between its devices, for the samples (CloudKit or
/// WatchConnectivity in an app).
struct RecordChannel: Sendable {
    var sent: @Sendable ([HeraldSync.Record]) async throws -> Void

    func send(_ records: [HeraldSync.Record]) async throws { try await sent(records) }
}

/// SeveralDevices.md
enum SeveralDevicesSamples {
    static func overview(center: any Herald.NotificationCenter, habits: any ReminderSource, store: any EngineStore,
                         clock: any DeviceClock, channel: RecordChannel, records: [HeraldSync.Record]) async throws {
        let engine = Engine(center: center, source: habits, store: store, clock: clock,
                            sync: HeraldSync(device: "phone"))

        // After a change, or when the channel asks for its next batch:
        let batch = try await engine.outgoingSyncRecords()
        try await channel.send(batch)                         // the records are Codable
        try await engine.syncRecordsSent(batch.map(\.id))     // they leave the outbox

        // When the channel brings the other devices' records:
        try await engine.receive(records)
    }

    static func relay(engine: Engine, channel: any HeraldSync.Channel) async -> HeraldSync.Relay {
        let relay = HeraldSync.Relay(engine: engine, channel: channel)
        await relay.start()     // from now on, every run's records are sent
        return relay
    }

    static func whereEachRuleAlerts(breaks: EntityReference, hourly: Schedule) throws -> Bool {
        let sync = HeraldSync(device: "watch", kind: .watch, alertsOn: .phone)
        let stand = try ReminderRule(entity: breaks, id: "hourly", schedule: hourly).alerting(on: .watch)
        let scheduled = sync.schedules(stand)   // true: the watch app schedules it, the iPhone app does not
        return scheduled
    }
}
