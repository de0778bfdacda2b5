#if !canImport(WatchConnectivity)
import Foundation
import Herald
import HeraldConformance
@testable import HeraldUserNotifications
@_spi(Testing) import WatchConnectivityShim
import Testing

/// The WatchConnectivity channel keeps the `HeraldSync.Channel` contract between a paired
/// iPhone and Watch, within WatchConnectivity's rules.
@Suite struct WatchConnectivitySyncChannelTests {
    @Test func theWatchConnectivityChannelConformsBetweenItsTwoDevices() async throws {
        let conformance = SyncChannelConformance {
            let (phone, watch) = WatchEnd.pair()
            return .init(ends: [phone.channel, watch.channel], deliver: {
                await phone.receive()
                await watch.receive()
            })
        }
        let report = try await conformance.runAll()
        // A session links exactly two devices: the three-device check cannot run, and only it
        #expect(report.passed == SyncChannelConformanceCheck.allCases.filter { $0 != .everyOtherEndReceives })
        #expect(report.skipped.map(\.check) == [.everyOtherEndReceives])
        #expect(report.skipped.first?.reason == "needs 3 ends of the channel (Subject.ends has 2)")
    }

    @Test func aLargeSendIsSplitIntoUserInfosUnder64KiB() async throws {
        // Given 1,200 records (about 130 KB of JSON) sent from the phone
        let (phone, watch) = WatchEnd.pair()
        let records = SyncSamples.pauses(count: 1_200)
        let json = try JSONEncoder().encode(records)
        #expect(json.count > 65_536)
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }
        try await phone.channel.send(records)

        // Then it went as at least ⌈130 KB / 64,512⌉ = 3 user infos, each accepted by WatchConnectivity
        let transfers = phone.session.outstandingUserInfoTransfers
        #expect(transfers.count >= Int((Double(json.count) / Double(WatchConnectivitySyncChannel.jsonBudget)).rounded(.up)))
        #expect(transfers.count >= 3)
        for transfer in transfers {
            #expect(Set(transfer.userInfo.keys) == ["herald.sync.records"])
            #expect(try #require(transfer.userInfo["herald.sync.records"] as? Data).count <= 64_512)
            #expect(WCSession.refusalForTesting(of: transfer.userInfo) == nil)
        }
        #expect(phone.delegate.failedTransfers.isEmpty)

        // And the watch receives every record, in order, one batch per user info
        await watch.receive()
        #expect(await handed.records == records)
        #expect(await handed.batches.count == transfers.count)
    }

    @Test func chunksKeepRecordsWholeWithinTheBudget() throws {
        // Three records of n bytes of JSON each: "[a,b]" is 2n + 3 bytes, "[c]" n + 2
        let records = SyncSamples.pauses(count: 3)
        let sizes = try records.map { try JSONEncoder().encode($0).count }
        #expect(Set(sizes).count == 1)
        let n = sizes[0]

        let chunks = try WatchConnectivitySyncChannel.chunks(of: records, budget: 2 * n + 3)

        #expect(chunks.map(\.count) == [2 * n + 3, n + 2])
        #expect(try chunks.flatMap { try JSONDecoder().decode([HeraldSync.Record].self, from: $0) } == records)
        #expect(throws: WatchConnectivitySyncChannelError.self) {
            try WatchConnectivitySyncChannel.chunks(of: records, budget: n + 1)
        }
    }

    @Test func userInfosThatAreNotHeraldsAreLeftToTheApp() async throws {
        let (phone, watch) = WatchEnd.pair()
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }

        // When the phone app sends one of its own user infos, and one under Herald's key
        // that is not JSON data
        phone.session.transferUserInfo(["app.note": "water the plants"])
        phone.session.transferUserInfo(["herald.sync.records": "not data"])
        await watch.receive()

        // Then the app's reaches the app's delegate, and the channel hands on nothing
        #expect(watch.delegate.foreign.count == 1)
        #expect(watch.delegate.foreign.first?["app.note"] as? String == "water the plants")
        #expect(await handed.batches.isEmpty)
        #expect(watch.channel.didReceiveUserInfo(["other": 1]) == false)
    }

    @Test func aRecordArrivingTwiceIsHandedOnTwice() async throws {
        // Given the same records sent twice (the first send's success was not recorded)
        let (phone, watch) = WatchEnd.pair()
        let records = SyncSamples.pauses(count: 2)
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }
        try await phone.channel.send(records)
        try await phone.channel.send(records)

        await watch.receive()

        // Then both arrivals are handed on: the engine applies each record once
        #expect(await handed.batches == [records, records])
    }

    @Test func recordsArrivingBeforeAReceiverWaitForIt() async throws {
        let (phone, watch) = WatchEnd.pair()
        let records = SyncSamples.pauses(count: 2)
        try await phone.channel.send(records)
        await watch.receive()

        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }
        await watch.channel.handedOn()
        #expect(await handed.records == records)
    }

    @Test func sendingBeforeActivationThrowsAndQueuesNothing() async throws {
        let (phoneSession, watchSession) = WCSession.makePairForTesting()
        let phone = WatchEnd(phoneSession, activated: false)
        _ = WatchEnd(watchSession)

        await #expect {
            try await phone.channel.send(SyncSamples.pauses(count: 1))
        } throws: { error in
            guard case WatchConnectivitySyncChannelError.sessionNotActivated(.notActivated) = error else { return false }
            return true
        }
        #expect(phone.session.outstandingUserInfoTransfers.isEmpty)
    }

    @Test func nothingArrivesUntilTheReceivingAppRuns() async throws {
        let (phone, watch) = WatchEnd.pair()
        let handed = HandedOn()
        await watch.channel.setReceiver { await handed.add($0) }
        try await phone.channel.send(SyncSamples.pauses(count: 1))

        #expect(await handed.batches.isEmpty)
        #expect(watch.session.hasContentPending)
        #expect(phone.session.outstandingUserInfoTransfers.count == 1)
        await watch.receive()
        #expect(await handed.records.count == 1)
        #expect(phone.session.outstandingUserInfoTransfers.isEmpty)
    }
}
#endif
