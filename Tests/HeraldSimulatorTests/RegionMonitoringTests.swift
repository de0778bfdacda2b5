import Foundation
import Herald
import HeraldSimulator
import Synchronization
import Testing

/// Core Location's region monitoring in the simulator: the app hears of an entry or exit
/// only for regions it monitors, 20 s (the platform's delay) after the boundary was
/// crossed, never for a place outside its 20 regions. Times are derived by hand: legs of
/// 0.001° of longitude on the equator (111.195 m), walked at 1.4 m/s, sampled every 1 s.
@Suite struct RegionMonitoringTests {
    typealias Fixture = RegionTriggerTests

    func region(_ id: String, at legs: Double, radius: Double = 20, exit: Bool = false) -> LocationRegion {
        LocationRegion(identifier: id, latitude: 0, longitude: 0.001 * legs, radius: radius,
                       notifyOnEntry: true, notifyOnExit: exit)
    }

    /// A center whose app records each region event with the instant it heard of it.
    func makeCenter() async -> (SimulatedNotificationCenter, HeardRegionEvents) {
        let center = Fixture().makeCenter()
        let heard = HeardRegionEvents()
        await center.setRegionHandler { [clock = center.clock] event in
            heard.append("\(event)", at: clock.now.timeIntervalSince(Fixture.start))
        }
        return (center, heard)
    }

    @Test func entryAndExitReachTheAppTwentySecondsAfterTheCrossing() async throws {
        // Given a monitored 20 m region one leg east, and the device at the origin
        let (center, heard) = await makeCenter()
        await center.move(to: Fixture.east(0))
        try await center.startMonitoring(region("w1", at: 1, exit: true))

        // When it walks three legs east at 1.4 m/s
        await center.walk(along: [Fixture.east(3)], speed: 1.4, every: 1)
        await center.advance(by: 60)

        // Then: inside from 91.195 m (65.14 s, first sample 66 s), reported at 86 s;
        // outside beyond 131.195 m (93.71 s, first sample 94 s), reported at 114 s
        #expect(heard.all.map(\.event) == ["entry w1", "exit w1"])
        #expect(heard.all.map(\.at) == [86.0, 114.0])
    }

    @Test func aPlaceOutsideTheTwentyIsNotReportedUntilItIsMonitored() async throws {
        // Given 20 regions monitored far to the north, so the waypoint one leg east is not
        let (center, heard) = await makeCenter()
        await center.move(to: Fixture.east(0))
        for index in 0..<20 {
            try await center.startMonitoring(LocationRegion(identifier: "far\(index)", latitude: 1, longitude: 0, radius: 20))
        }
        await #expect(throws: RegionMonitoringError.self) { try await center.startMonitoring(region("w1", at: 1)) }

        // When the device walks through it, back, and once it is monitored, through it again
        await center.walk(along: [Fixture.east(2), Fixture.east(0)], speed: 1.4, every: 1)
        await center.advance(by: 60)
        let before = heard.all
        await center.stopMonitoring(identifier: "far0")
        try await center.startMonitoring(region("w1", at: 1))
        await center.walk(along: [Fixture.east(2)], speed: 1.4, every: 1)
        await center.advance(by: 60)

        // Then the first pass went unheard; the second entry is reported 66 + 20 s after
        // the second walk began (two legs there and back: 2 · 222.39 / 1.4 = 317.7 s, + 60 s)
        #expect(before.isEmpty)
        let secondStart = 2 * 2 * Fixture.leg / 1.4 + 60
        #expect(heard.all.map(\.event) == ["entry w1"])
        #expect(abs((heard.all.first?.at ?? 0) - (secondStart + 86)) < 1e-6)
    }

    @Test func beingInsideWhenMonitoringStartsIsNotAnEntry() async throws {
        let (center, heard) = await makeCenter()
        await center.move(to: Fixture.east(1))
        try await center.startMonitoring(region("w1", at: 1))
        await center.move(to: Fixture.east(1.1))    // 11 m: still inside
        await center.advance(by: 60)
        #expect(heard.all.isEmpty)
        await center.move(to: Fixture.east(3))      // out, then in again at 60 s
        await center.move(to: Fixture.east(1))
        await center.advance(by: 60)
        #expect(heard.all.map(\.event) == ["entry w1"])
        #expect(heard.all.map(\.at) == [80.0])
    }

    @Test func aRegionStoppedBeforeTheDelayIsNeverReported() async throws {
        let (center, heard) = await makeCenter()
        await center.move(to: Fixture.east(0))
        try await center.startMonitoring(region("w1", at: 1))
        await center.move(to: Fixture.east(1))
        await center.advance(by: 19)
        await center.stopMonitoring(identifier: "w1")
        await center.advance(by: 60)
        #expect(heard.all.isEmpty)
        #expect(await center.monitoredRegionList().isEmpty)
    }

    @Test func regionsAndLocationTriggersShareTheTwenty() async throws {
        let center = Fixture().makeCenter()
        for index in 0..<5 { try await center.add(Fixture().request("trigger\(index)")) }
        for index in 0..<15 { try await center.startMonitoring(region("w\(index)", at: Double(index))) }
        await #expect(throws: RegionMonitoringError.self) { try await center.startMonitoring(region("w15", at: 15)) }
        try await center.startMonitoring(region("w0", at: 0, radius: 40))   // the same identifier replaces
        #expect(await center.monitoredRegionList().count == 15)
        #expect(await center.monitoredRegionList().first?.radius == 40)
    }

    @Test func aKillBetweenTheCrossingAndTheReportStillReportsItOnce() async throws {
        // Given a crossing at 0 s, and the app killed at 10 s
        let (center, _) = await makeCenter()
        await center.move(to: Fixture.east(0))
        try await center.startMonitoring(region("w1", at: 1))
        await center.move(to: Fixture.east(1))
        await center.advance(by: 10)
        let data = try JSONEncoder().encode(await center.snapshot())
        let clock = VirtualClock(now: center.clock.now, timeZone: center.clock.timeZone)
        let resumed = SimulatedNotificationCenter(restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data),
                                                  clock: clock)

        // When the relaunched app sets its delegate and time goes on
        let heard = HeardRegionEvents()
        await resumed.setRegionHandler { event in heard.append("\(event)", at: clock.now.timeIntervalSince(Fixture.start)) }
        await resumed.advance(by: 60)
        await resumed.move(to: Fixture.east(1.1))
        await resumed.advance(by: 60)

        // Then the entry is reported once, 20 s after the crossing
        #expect(heard.all.map(\.event) == ["entry w1"])
        #expect(heard.all.map(\.at) == [20.0])
        #expect(await resumed.monitoredRegionList().map(\.identifier) == ["w1"])
    }
}

final class HeardRegionEvents: Sendable {
    private let events = Mutex<[(event: String, at: TimeInterval)]>([])
    func append(_ event: String, at seconds: TimeInterval) { events.withLock { $0.append((event, seconds)) } }
    /// Each event with the seconds from the start at which the app heard it.
    var all: [(event: String, at: TimeInterval)] { events.withLock { $0 } }
}
