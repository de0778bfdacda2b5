import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// Every run is published to the engine's observers, whatever asked for it, in run
/// order and before its caller gets the report.
@Suite struct ReportObserverTests {
    @Test func observersHearEveryRunInOrderBeforeItsCallerReturns() async throws {
        // Given an engine with one observer that records each report's reasons
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])]),
                            clock: clock)
        let heard = Mutex<[[EngineEvent]]>([])
        let observation = await engine.observeReports { report in heard.withLock { $0.append(report.reasons) } }
        let water = Fixtures.habit("water")
        let day = LocalDate(year: 2026, month: 11, day: 21)

        // When runs come from the lifecycle, an entity event and a time change
        await engine.launched()
        #expect(heard.withLock { $0 } == [[.launch]])
        try await engine.completed(water)
        #expect(heard.withLock { $0 } == [[.launch], [.completed(engine.completion(of: water, on: day, at: clock.now))]])
        try await engine.paused(water)
        await engine.timeChanged(.dayChanged)

        // Then each run was heard once, in the order the runs happened
        #expect(heard.withLock { $0 } == [[.launch], [.completed(engine.completion(of: water, on: day, at: clock.now))], [.paused(water)], [.timeChanged(.dayChanged)]])

        // And after it stops observing, nothing more is heard
        await engine.stopObserving(observation)
        try await engine.resumed(water)
        #expect(heard.withLock { $0.count } == 4)
    }

    @Test func aPositionsRouteChangesAreInThePublishedReport() async throws {
        // Given a route of one waypoint, and an observer keeping the route changes it hears
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([]), clock: clock)
        let spot = Coordinate(latitude: 52.52, longitude: 13.405)
        let session = try RouteSession(id: "walk", name: "Walk", waypoints: [Waypoint(id: "gate", name: "Gate", coordinate: spot)],
                                       proximityThreshold: 50)
        let heard = Mutex<[Int]>([])
        await engine.observeReports { report in heard.withLock { $0.append(report.routeChanges.count) } }
        try await engine.startRoute(session)

        // When the device reaches the waypoint
        let report = try await engine.positionChanged(spot)

        // Then the observer heard the same route changes as the caller: the visit and
        // the completion (hand-counted: one waypoint, so reaching it completes the route)
        #expect(report.routeChanges.count == 2)
        #expect(heard.withLock { $0 } == [0, 2])
    }
}
