import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Two engines, a phone's and a Mac's, each with a relay over one simulated channel: the
/// app writes no sync code beyond starting the relays, and what it sends survives a
/// channel that refuses a send.
@Suite struct SyncRelayTests {
    struct Device {
        let center: SimulatedNotificationCenter
        let engine: Engine
        let relay: HeraldSync.Relay
    }

    static let water = Fixtures.habit("water")

    /// A device whose 09:00 reminder was delivered; its relay started unless `relaying` is false.
    func device(_ name: String, on channel: SimulatedSyncChannel, relaying: Bool = true) async -> Device {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00", "13:00"])]),
                            clock: clock, sync: HeraldSync(device: name))
        let relay = HeraldSync.Relay(engine: engine, channel: channel.endpoint(for: name))
        if relaying { await relay.start() }
        await engine.launched()
        await center.advance(to: Fixtures.date("2026-11-21T09:05"))
        return Device(center: center, engine: engine, relay: relay)
    }

    @Test func aCompletionOnThePhoneReachesTheMacThroughTheRelays() async throws {
        let channel = SimulatedSyncChannel()
        let phone = await device("phone", on: channel), mac = await device("mac", on: channel)
        #expect(await mac.center.badgeCount == 1)

        try await phone.engine.completed(Self.water)
        await phone.relay.send()         // (the relay also sends from a task after the run)
        await channel.deliver()

        #expect(await mac.center.deliveredNotifications().isEmpty)
        #expect(await mac.center.badgeCount == 0)
        #expect(!(await mac.center.pendingNotificationRequests().contains { $0.identifier.contains("20261121") }))
        #expect(try await phone.engine.outgoingSyncRecords().isEmpty)
    }

    @Test func recordsTheChannelRefusedStayQueuedAndGoWithTheNextSend() async throws {
        let channel = SimulatedSyncChannel()
        // The phone's relay is not started: no sends from tasks, this test sends by hand
        let phone = await device("phone", on: channel, relaying: false), mac = await device("mac", on: channel)
        try await phone.engine.paused(Self.water)
        await channel.failNextSends(1)
        #expect(await phone.relay.send() == 0)
        #expect(try await phone.engine.outgoingSyncRecords().count == 1)

        #expect(await phone.relay.send() == 1)
        await channel.deliver()
        #expect(try await phone.engine.outgoingSyncRecords().isEmpty)
        #expect(await mac.center.pendingNotificationRequests().isEmpty)   // paused there too
    }
}
