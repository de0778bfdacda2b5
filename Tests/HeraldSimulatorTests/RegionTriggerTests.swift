import Foundation
import Herald
import HeraldSimulator
import Synchronization
import Testing

/// Location triggers in the simulator: they fire after the boundary is crossed plus
/// the platform's delay (about 20 s), never on being inside already, on entry or exit as
/// the region says, once or on every crossing; positions move by time or at a speed.
@Suite struct RegionTriggerTests {
    static let start = Date(timeIntervalSince1970: 1_795_248_000)
    /// 0.001° of longitude on the equator: R·π/180·0.001 = 111.195 m.
    static let leg = Coordinate.earthRadius * .pi / 180 * 0.001

    func makeCenter() -> SimulatedNotificationCenter {
        SimulatedNotificationCenter(clock: VirtualClock(now: Self.start, timeZone: TimeZone(identifier: "UTC")!),
                                    authorization: .authorized)
    }

    func request(_ id: String, entry: Bool = true, exit: Bool = false, repeats: Bool = false) -> NotificationRequest {
        NotificationRequest(identifier: id, content: NotificationContent(title: id), trigger: .location(
            LocationRegion(identifier: id, latitude: 0, longitude: 0, radius: 50, notifyOnEntry: entry, notifyOnExit: exit),
            repeats: repeats))
    }

    static func east(_ legs: Double) -> Coordinate { Coordinate(latitude: 0, longitude: 0.001 * legs) }

    @Test func entryFiresAfterThePlatformDelayNotAtOnce() async throws {
        let center = makeCenter()
        await center.move(to: Self.east(1))
        try await center.add(request("gym"))
        #expect(await center.move(to: Self.east(0.4)).isEmpty)   // 44.5 m: inside
        #expect(await center.advance(by: 19).isEmpty)
        let delivered = await center.advance(by: 1)
        #expect(delivered.map(\.date) == [Self.start.addingTimeInterval(20)])
        #expect(await center.pendingNotificationRequests().isEmpty)
    }

    @Test func beingInsideWhenAddedIsNotACrossing() async throws {
        let center = makeCenter()
        await center.move(to: Self.east(0))
        try await center.add(request("gym"))
        await center.move(to: Self.east(0.1))
        #expect(await center.advance(by: 600).isEmpty)
    }

    @Test func exitFiresOnlyWhenTheRegionAsksForIt() async throws {
        let center = makeCenter()
        await center.move(to: Self.east(0))
        try await center.add(request("leave", entry: false, exit: true))
        try await center.add(request("arrive"))
        await center.move(to: Self.east(1))
        let delivered = await center.advance(by: 60)
        #expect(delivered.map(\.request.identifier) == ["leave"])
    }

    @Test func aRepeatingTriggerFiresOnEveryEntryAndStaysPending() async throws {
        let center = makeCenter()
        await center.move(to: Self.east(2))
        try await center.add(request("gym", repeats: true))
        for _ in 0..<3 {
            await center.move(to: Self.east(0))
            await center.advance(by: 30)
            await center.move(to: Self.east(2))
            await center.advance(by: 30)
        }
        #expect(await center.deliveryLog.count == 3)
        #expect(await center.pendingNotificationRequests().count == 1)
    }

    @Test func aWalkReportsPositionsAtItsSpeed() {
        // One leg of 111.195 m at 11.1195 m/s takes 10 s: positions at 0, 4, 8 and 10 s.
        let walk = SimulatedWalk(path: [Self.east(0), Self.east(1)], speed: Self.leg / 10, interval: 4)
        let positions = Array(walk.positions(startingAt: Self.start))
        #expect(positions.map { $0.date.timeIntervalSince(Self.start) }.map { ($0 * 1e6).rounded() / 1e6 } == [0, 4, 8, 10])
        #expect(abs(positions[1].position.longitude - 0.0004) < 1e-12)
        #expect(positions.last?.position == Self.east(1))
    }

    @Test func walkingThroughARegionFiresItAndTellsTheApp() async throws {
        let center = makeCenter()
        let heard = HeardPositions()
        await center.setPositionHandler { heard.append($0) }
        await center.move(to: Self.east(-2))
        try await center.add(request("gym"))
        // 1.4 m/s from 222 m west to 222 m east: inside (50 m) from 124 s on.
        await center.walk(along: [Self.east(2)], speed: 1.4, every: 5)
        await center.advance(by: 60)
        let log = await center.deliveryLog
        try #require(log.count == 1)
        let entered = (2 * Self.leg - 50) / 1.4   // 123.1 s: first sample inside is at 125 s
        #expect(log[0].notification.date == Self.start.addingTimeInterval((entered / 5).rounded(.up) * 5 + 20))
        #expect(heard.count > 60)
    }
}

final class HeardPositions: Sendable {
    private let positions = Mutex<[Coordinate]>([])
    func append(_ position: Coordinate) { positions.withLock { $0.append(position) } }
    var count: Int { positions.withLock { $0.count } }
}
