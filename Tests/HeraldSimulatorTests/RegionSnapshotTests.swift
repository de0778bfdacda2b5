import Foundation
import Herald
import HeraldSimulator
import Testing

/// The device's position and the regions it is inside survive a kill of the app
/// (``SimulatorSnapshot``): a crossing before the kill fires once after the resume, one
/// after the resume is measured against where the device was, and a walk goes on from
/// where the device stands. Times are hand-derived from the 20 s platform delay and
/// 111.195 m legs (0.001° of longitude on the equator).
@Suite struct RegionSnapshotTests {
    typealias Fixture = RegionTriggerTests

    /// The center as a relaunch sees it: its snapshot through JSON, on a new clock at
    /// the same instant.
    func relaunch(_ center: SimulatedNotificationCenter) async throws -> SimulatedNotificationCenter {
        let data = try JSONEncoder().encode(await center.snapshot())
        let clock = VirtualClock(now: center.clock.now, timeZone: center.clock.timeZone)
        return SimulatedNotificationCenter(restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data),
                                           clock: clock)
    }

    @Test func aKillBetweenTheCrossingAndTheDelayedFireStillFiresOnceAfterTheResume() async throws {
        // Given a device that entered a repeating region at t = 0 and was killed at t = 10
        let center = Fixture().makeCenter()
        await center.move(to: Fixture.east(2))
        try await center.add(Fixture().request("gym", repeats: true))
        await center.move(to: Fixture.east(0))
        await center.advance(by: 10)
        let resumed = try await relaunch(center)

        // When time goes on after the relaunch, and the device moves about inside
        #expect(await resumed.advance(by: 9).isEmpty)
        let fired = await resumed.advance(by: 1)
        await resumed.move(to: Fixture.east(0.2))   // 22 m: still inside the 50 m region
        await resumed.advance(by: 600)

        // Then it fired once, 20 s after the crossing, and never again
        #expect(fired.map(\.date) == [Fixture.start.addingTimeInterval(20)])
        #expect(await resumed.deliveryLog.count == 1)
        #expect(await resumed.position == Fixture.east(0.2))
    }

    @Test func anExitRightAfterTheResumeIsMeasuredAgainstWhereTheDeviceWas() async throws {
        // Given a device inside a region that notifies on exit, killed there
        let center = Fixture().makeCenter()
        await center.move(to: Fixture.east(0))
        try await center.add(Fixture().request("leave", entry: false, exit: true))
        let resumed = try await relaunch(center)

        // When its first position after the relaunch is outside
        await resumed.move(to: Fixture.east(1))
        let delivered = await resumed.advance(by: 20)

        // Then the exit is heard, 20 s later
        #expect(delivered.map(\.date) == [Fixture.start.addingTimeInterval(20)])
    }

    @Test func aWalkAfterTheResumeStartsWhereTheDeviceStands() async throws {
        // Given a device one leg east, with a 5 s region delay, killed there
        let center = Fixture().makeCenter()
        await center.setRegionDelay(5)
        await center.move(to: Fixture.east(1))
        try await center.add(Fixture().request("gym"))
        let resumed = try await relaunch(center)

        // When it walks back to the origin at one leg per 10 s
        await resumed.walk(along: [Fixture.east(0)], speed: Fixture.leg / 10, every: 1)
        await resumed.advance(by: 60)

        // Then the walk took 10 s (not 0 s from a forgotten position), and the entry
        // after 111.195 − 50 = 61.195 m at 11.1195 m/s (5.503 s), first sampled at 6 s,
        // fired 5 s later
        #expect(resumed.clock.now == Fixture.start.addingTimeInterval(70))
        #expect(await resumed.regionDelay == 5)
        #expect(await resumed.deliveryLog.map(\.notification.date) == [Fixture.start.addingTimeInterval(11)])
    }

    @Test func aSnapshotSavedBeforePositionsWereKeptStillRestores() async throws {
        // Given a snapshot's JSON without the location keys
        let center = Fixture().makeCenter()
        await center.move(to: Fixture.east(0))
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(await center.snapshot()))
            as? [String: Any])
        for key in ["position", "insideRegions", "regionDelay"] { object[key] = nil }
        let data = try JSONSerialization.data(withJSONObject: object)

        // When it is restored
        let restored = SimulatedNotificationCenter(restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data),
                                                   clock: center.clock)

        // Then the device has no position yet and the platform's delay applies
        #expect(await restored.position == nil)
        #expect(await restored.regionDelay == 20)
    }
}
