// The Swift sample of HeraldConformance's landing page
// (Sources/HeraldConformance/Documentation.docc/HeraldConformance.md), compiled and run:
// the simulator and the SQLite store stand for "your" center and store.
import Foundation
import Herald
import HeraldSimulator
import HeraldSQLite
import HeraldConformance
import Testing

@Test func myCenterKeepsTheContract() async throws {
    let conformance = NotificationCenterConformance {
        let center = MyNotificationCenter()
        return .init(center: center, advance: { seconds in await center.advance(by: seconds) })
    }
    let report = try await conformance.runAll()
    #expect(report.skipped.isEmpty, "\(report)")
}

@Test func myStoreKeepsTheContract() throws {
    let conformance = EngineStoreConformance(makeStore: { try MyEngineStore.inMemory() })
    _ = try conformance.runAll()
}

@Test func myAlarmCenterKeepsTheContract() async throws {
    let conformance = AlarmCenterConformance {
        let alarms = MyAlarmCenter()
        return .init(center: alarms, limit: alarms.systemLimit,
                     sound: { id in _ = await alarms.advance(to: await alarms.nextAlert(of: id)!) },
                     stop: { id in try await alarms.press(.stop, on: id) },
                     revoke: { await alarms.setAuthorization(.denied) })
    }
    let report = try await conformance.runAll()
    #expect(report.skipped.map(\.check) == [.unavailableRefusesEveryCall], "\(report)")
}

@Test func myChannelKeepsTheContract() async throws {
    let conformance = SyncChannelConformance {
        let cloud = MyTestCloud()
        return .init(ends: [cloud.end("phone"), cloud.end("watch"), cloud.end("mac")],
                     deliver: { try await cloud.pushEverything() })
    }
    let report = try await conformance.runAll()
    #expect(report.skipped.isEmpty, "\(report)")
}

/// The reader's own test double of a cloud, in the sample: here the simulated channel.
struct MyTestCloud {
    let channel = SimulatedSyncChannel()

    func end(_ device: String) -> any HeraldSync.Channel {
        SimulatedSyncChannel.Endpoint(device: device, channel: channel)
    }

    func pushEverything() async throws {
        await channel.deliver()
    }
}

/// The reader's own notification center, in the sample: here the simulated one.
typealias MyNotificationCenter = SimulatedNotificationCenter

/// The reader's own store, in the sample: here the SQLite one.
typealias MyEngineStore = SQLiteEngineStore

extension SimulatedNotificationCenter {
    /// A fresh simulated center at a fixed instant, not yet authorized, as the checks expect.
    init() {
        self.init(clock: VirtualClock(now: Date(timeIntervalSince1970: 1_795_248_000), timeZone: TimeZone(identifier: "Europe/Berlin")!))
    }
}

/// The reader's own alarm center, in the sample: here the simulated one.
typealias MyAlarmCenter = SimulatedAlarmCenter

extension SimulatedAlarmCenter {
    /// A fresh simulated alarm service a day before the checks' alarms, not yet asked.
    init() {
        self.init(clock: VirtualClock(now: Date(timeIntervalSince1970: 4_102_389_000), timeZone: TimeZone(identifier: "Europe/Berlin")!))
    }
}
