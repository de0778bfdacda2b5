import Foundation
import Herald
import HeraldSimulator
import Synchronization
import Testing

/// What iOS does with a crossing of a monitored region while the app is not on screen:
/// a suspended app is woken (told the time changes it missed first); an app the system
/// ended or that crashed is relaunched into the background and then hears the event;
/// after a user force-quit, only under `ForceQuitRelaunch.regions`. The crossing is at
/// 12:10 and reported 20 s later, so every line below reads 12:10.
@Suite struct DeviceRegionRelaunchTests {
    /// A 20 m region one leg (111 m) east of the origin.
    static let fountain = LocationRegion(identifier: "fountain", latitude: 0, longitude: 0.001, radius: 20)

    /// The device at the origin, the app launched at 12:00 with the fountain monitored
    /// and a region handler that notes each event with how it reached the app.
    func makeWalk(_ forceQuitRelaunch: ForceQuitRelaunch = .never) async throws -> (DeviceFixture, HeardLines) {
        let fixture = await makeDevice(forceQuitRelaunch: forceQuitRelaunch)
        let heard = HeardLines()
        await fixture.device.setRegionHandler { [clock = fixture.clock] event, wake in
            heard.append("\(clockTime(clock.now)) \(event) \(wake.rawValue)")
        }
        await fixture.center.move(to: Coordinate(latitude: 0, longitude: 0))
        try await fixture.center.startMonitoring(Self.fountain)
        try await fixture.device.launch()
        return (fixture, heard)
    }

    /// The user walks into the fountain's region at 12:10; its entry is reported 20 s later.
    func walkIn(_ fixture: DeviceFixture) async {
        await fixture.device.advance(by: 600)
        await fixture.center.move(to: Coordinate(latitude: 0, longitude: 0.001))
        await fixture.device.advance(by: 60)
    }

    @Test(arguments: ["terminate", "crash"])
    func aCrossingRelaunchesAnAppTheSystemEndedOrThatCrashed(_ end: String) async throws {
        let (fixture, heard) = try await makeWalk()
        if end == "crash" { await fixture.device.crash() } else { await fixture.device.terminate() }

        await walkIn(fixture)

        #expect(await fixture.device.appState == .background)
        #expect(await fixture.device.launchCount == 2)
        #expect(await fixture.journal.entries.suffix(1) == ["#2 12:10 launched background"])
        #expect(heard.lines == ["12:10 entry fountain relaunched"])
        #expect(await fixture.device.timeline().suffix(2) == ["12:10 launched background",
                                                             "12:10 region entry fountain (relaunched)"])
    }

    @Test func afterAForceQuitACrossingIsLostUnlessTheDeviceRelaunchesForRegions() async throws {
        // Default (never): the app stays dead, the handler hears the loss for the record
        let (strict, lost) = try await makeWalk()
        await strict.device.forceQuit()
        await walkIn(strict)
        #expect(await strict.device.appState == .notRunning)
        #expect(await strict.device.launchCount == 1)
        #expect(lost.lines == ["12:10 entry fountain notRelaunched"])

        // Under `regions` the crossing relaunches it as for a terminated app
        let (lenient, heard) = try await makeWalk(.regions)
        await lenient.device.forceQuit()
        await walkIn(lenient)
        #expect(await lenient.device.appState == .background)
        #expect(heard.lines == ["12:10 entry fountain relaunched"])
    }

    @Test func aForceQuitLeavesTheForegroundWithoutWillTerminateAndWithholdsBackgroundRefreshUntilOpened() async throws {
        let (fixture, _) = try await makeWalk()

        await fixture.device.forceQuit()
        try await fixture.device.backgroundRefresh()

        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground", "#1 12:00 entered background"])
        #expect(await fixture.device.timeline().suffix(3) == ["12:00 entered background", "12:00 force-quit",
                                                             "12:00 background refresh withheld (force-quit)"])
        #expect(await fixture.device.isForceQuit)

        // Opening it again ends the force-quit: a crash after that is relaunched for a crossing
        try await fixture.device.launch()
        #expect(await !fixture.device.isForceQuit)
        await fixture.device.crash()
        await walkIn(fixture)
        #expect(await fixture.device.appState == .background)
    }

    @Test func aSuspendedAppIsWokenAndToldTheTimeChangesItMissedFirst() async throws {
        let (fixture, heard) = try await makeWalk()
        try await fixture.device.moveToBackground()
        await fixture.device.jumpClock(to: fixture.clock.now.addingTimeInterval(-60))   // the user sets the clock

        await walkIn(fixture)

        #expect(await fixture.journal.entries.suffix(1) == ["#1 12:09 time changed clockChanged"])
        #expect(heard.lines == ["12:09 entry fountain running"])
        #expect(await fixture.device.launchCount == 1)
    }
}

/// Lines a handler wrote, in order.
final class HeardLines: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) { storage.withLock { $0.append(line) } }

    var lines: [String] { storage.withLock { $0 } }
}
