#if !canImport(UserNotifications) && !canImport(CloudKit) && !canImport(WatchConnectivity)
import Foundation
import Herald
@testable import HeraldUserNotifications
@_spi(Testing) import CloudKitShim
@_spi(Testing) import UserNotificationsShim
@_spi(Testing) import WatchConnectivityShim
import Testing

/// Two engines over the adapter, an iPhone's and a Watch's, each with a relay over one of
/// the module's channels, wired as SyncChannels.md shows: what the user does on one
/// device reaches the other, and what CloudKit refused stays in the outbox.
@Suite struct SyncChannelRelayTests {
    struct Device {
        let platform: UNUserNotificationCenter
        let engine: Engine
        let relay: HeraldSync.Relay

        /// Herald's pending requests for the water habit, as the system shows them.
        func waterRequests() async -> Int {
            platform.settleForTesting()
            return await platform.pendingNotificationRequests().filter { $0.identifier.contains("water") }.count
        }
    }

    static let water = EntityReference(namespace: "habit", id: "water")

    /// A device whose engine planned both habits; its relay started unless `relaying` is false.
    func device(_ name: String, over channel: any HeraldSync.Channel, relaying: Bool = true) async throws -> Device {
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert, .badge, .sound])
        let engine = Engine(center: UserNotificationCenter(platform), source: TwoHabits(),
                            clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
                            configuration: PlannerConfiguration(horizon: 3 * 86_400), categories: TwoHabits.categories,
                            sync: HeraldSync(device: name))
        let relay = HeraldSync.Relay(engine: engine, channel: channel)
        if relaying { await relay.start() }
        await engine.launched()
        return Device(platform: platform, engine: engine, relay: relay)
    }

    @Test func aPauseOnThePhoneReachesTheWatchThroughCloudKit() async throws {
        // Given a phone and a watch sharing one private database, both planning water
        let database = CKDatabase.makeForTesting()
        let phoneCloud = await CloudDevice(on: database), watchCloud = await CloudDevice(on: database)
        let phone = try await device("phone", over: phoneCloud.channel)
        let watch = try await device("watch", over: watchCloud.channel)
        #expect(await watch.waterRequests() > 0)

        // When the user pauses water on the phone and the watch's engine fetches
        _ = try await phone.engine.paused(Self.water)
        await phone.relay.send()
        try await watchCloud.engine.fetchChanges()

        // Then the watch stops reminding of it, and the phone's outbox is empty
        try await waitUntil { await watch.waterRequests() == 0 }
        #expect(try await phone.engine.outgoingSyncRecords().isEmpty)
    }

    @Test func recordsCloudKitRefusedStayInTheOutboxAndGoWithTheNextSend() async throws {
        // Given a phone whose relay sends only by hand, and a server that refuses the next request
        let database = CKDatabase.makeForTesting()
        let phoneCloud = await CloudDevice(on: database)
        let phone = try await device("phone", over: phoneCloud.channel, relaying: false)
        _ = try await phone.engine.paused(Self.water)
        await database.failNextRequestsForTesting([.serviceUnavailable])

        // When the relay sends, nothing is taken and the pause stays queued
        #expect(await phone.relay.send() == 0)
        #expect(try await phone.engine.outgoingSyncRecords().count == 1)

        // Then the next send saves it and empties the outbox
        #expect(await phone.relay.send() == 1)
        #expect(await database.recordCountForTesting == 1)
        #expect(try await phone.engine.outgoingSyncRecords().isEmpty)
    }

    @Test func aPauseOnThePhoneReachesTheWatchThroughWatchConnectivity() async throws {
        let (phoneEnd, watchEnd) = WatchEnd.pair()
        let phone = try await device("phone", over: phoneEnd.channel)
        let watch = try await device("watch", over: watchEnd.channel)
        #expect(await watch.waterRequests() > 0)

        _ = try await phone.engine.paused(Self.water)
        await phone.relay.send()
        await watchEnd.receive()   // the watch app runs

        try await waitUntil { await watch.waterRequests() == 0 }
        #expect(try await phone.engine.outgoingSyncRecords().isEmpty)
    }
}
#endif
