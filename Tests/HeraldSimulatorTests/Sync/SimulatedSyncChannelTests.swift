import Foundation
import Herald
import HeraldConformance
import HeraldSimulator
import Testing

/// The simulated channel keeps the `HeraldSync.Channel` contract, and the conformance
/// suite tells a channel that breaks it: one that keeps instants to the millisecond (as
/// a CKRecord date field does), and one that drops what is over CloudKit's 250 a request.
@Suite struct SimulatedSyncChannelTests {
    static func threeEnds(of channel: SimulatedSyncChannel) -> [any HeraldSync.Channel] {
        ["phone", "watch", "mac"].map { channel.endpoint(for: $0) }
    }

    @Test func theSimulatedChannelConforms() async throws {
        let conformance = SyncChannelConformance {
            let channel = SimulatedSyncChannel()
            return .init(ends: Self.threeEnds(of: channel), deliver: { await channel.deliver() })
        }
        let report = try await conformance.runAll()
        #expect(report.passed == SyncChannelConformanceCheck.allCases)
    }

    /// An end that passes every record through a change before the channel takes it.
    struct Altering: HeraldSync.Channel {
        let end: any HeraldSync.Channel
        let alter: @Sendable ([HeraldSync.Record]) -> [HeraldSync.Record]

        func send(_ records: [HeraldSync.Record]) async throws { try await end.send(alter(records)) }
        func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {
            await end.setReceiver(receiver)
        }
    }

    func conformance(altering alter: @escaping @Sendable ([HeraldSync.Record]) -> [HeraldSync.Record])
        -> SyncChannelConformance {
        SyncChannelConformance {
            let channel = SimulatedSyncChannel()
            let ends = Self.threeEnds(of: channel).map { Altering(end: $0, alter: alter) as any HeraldSync.Channel }
            return .init(ends: ends, deliver: { await channel.deliver() })
        }
    }

    @Test func aChannelThatKeepsMillisecondsFailsTheWholeRecordsCheck() async throws {
        let milliseconds = conformance { records in
            records.map { record in
                var record = record
                record.instant = Date(timeIntervalSince1970: (record.instant.timeIntervalSince1970 * 1000).rounded() / 1000)
                return record
            }
        }
        await #expect(throws: SyncChannelConformanceFailure.self) { try await milliseconds.run(.recordsArriveWhole) }
        // And the same channel keeping the instants whole passes it
        #expect(try await conformance { $0 }.run(.recordsArriveWhole) == nil)
    }

    @Test func aChannelThatDropsWhatIsOverOneRequestFailsTheLargeSendCheck() async throws {
        let truncating = conformance { Array($0.prefix(250)) }
        await #expect(throws: SyncChannelConformanceFailure.self) { try await truncating.run(.largeSendsArriveWhole) }
        #expect(try await truncating.run(.recordsArriveWhole) == nil)
    }

    @Test func aFailedSendCarriesNothingAndADeviceWithoutAReceiverMissesIt() async throws {
        let channel = SimulatedSyncChannel()
        let phone = channel.endpoint(for: "phone")
        let record = HeraldSync.Record(device: "phone", instant: Date(timeIntervalSince1970: 0),
                                       change: .paused(EntityReference(namespace: "habit", id: "water")))
        await channel.failNextSends(1)
        await #expect(throws: SimulatedSyncChannel.SendFailed.self) { try await phone.send([record]) }
        #expect(await channel.waitingCount == 0)
        try await phone.send([record])
        #expect(await channel.waitingCount == 1)
        await channel.deliver()   // no other device is listening yet: the record is gone
        #expect(await channel.waitingCount == 0)
        let heard = Heard()
        await channel.endpoint(for: "watch").setReceiver { records in await heard.add(records) }
        await channel.deliver()
        #expect(await heard.records.isEmpty)
    }

    actor Heard {
        var records: [HeraldSync.Record] = []
        func add(_ batch: [HeraldSync.Record]) { records += batch }
    }
}
