import Foundation
import HeraldTestSupport
import HeraldSimulator
import Testing
@testable import Herald

/// Routes walked through region monitoring only (the simulator's regions mode): region
/// entries drive the engine, the app monitors what each plan watches. Waypoints lie on
/// the equator 0.001° of longitude apart (111.195 m), with a 20 m threshold.
@Suite struct RegionWalkTests {
    static func waypoints(_ count: Int, from first: Int = 1) -> [Waypoint] {
        (first..<(first + count)).map { Waypoint(id: "w\($0)", name: "W\($0)", coordinate: RouteFixture.point(Double($0))) }
    }

    static func route(_ id: String, _ waypoints: [Waypoint]) throws -> RouteSession {
        try RouteSession(id: id, name: id, waypoints: waypoints, proximityThreshold: 20)
    }

    /// Three routes of four waypoints walked from 0° to 0.005° and back to 0°, through
    /// an app killed (or not) at the given entries.
    func walkThreeRoutes(kills: [Int: RegionWalkApp.Kill]) async throws -> RegionWalkApp {
        let app = RegionWalkApp()
        await app.setKills(kills)
        await app.start(at: RouteFixture.point(0))
        for index in 0..<3 {
            try await app.startRoute(Self.route("walk-\(index)", Self.waypoints(4)))
            await app.walk([RouteFixture.point(5), RouteFixture.point(0)])
            try await app.stopRoute()
        }
        return app
    }

    @Test func killsWhileHandlingRegionEntriesConvergeOnTheUninterruptedWalk() async throws {
        // Given the uninterrupted walks: each route's four spots and one completion, 12 entries
        let reference = try await walkThreeRoutes(kills: [:])
        let spots = await reference.delivered("arrived")
        let completions = await reference.delivered("completion")
        #expect(spots.count == 12 && completions.count == 3)
        #expect(await reference.entries == 12)

        // When the app dies at seeded random entries, after the engine's run or after its
        // commit and before the run, and is relaunched on the same system and store
        var random = SeededGenerator(seed: 0x5EED_0001)
        for trial in 0..<12 {
            var kills: [Int: RegionWalkApp.Kill] = [:]
            for entry in (1...12).shuffled(using: &random).prefix(1 + trial % 4) {
                kills[entry] = Bool.random(using: &random) ? .afterRun : .afterCommit
            }
            let app = try await walkThreeRoutes(kills: kills)

            // Then it delivers what the uninterrupted walk did: each spot and each
            // completion once, never more than 20 regions monitored
            let context = "trial \(trial), kills \(kills.sorted { $0.key < $1.key })"
            #expect(await app.launches == 1 + kills.count, "\(context)")
            #expect(await app.delivered("arrived").sorted() == spots.sorted(), "\(context)")
            #expect(await app.delivered("completion") == completions, "\(context)")
            #expect(await app.mostMonitored <= RegionBudget.platformLimit, "\(context)")
        }
    }

    /// What the platform does, shown: an entry the app dies before recording is not
    /// reported again (the device is inside the region by then, which is no crossing),
    /// so that waypoint is reached only by a later crossing: walked one way, the route
    /// stays one short; walking back through it completes it. Herald does not ask Core
    /// Location for the regions' state at launch.
    @Test func anEntryTheAppDiesBeforeRecordingWaitsForTheNextCrossing() async throws {
        // Given a route of four waypoints, the app killed before the engine heard the
        // 2nd entry (w2)
        let app = RegionWalkApp()
        await app.setKills([2: .beforeEngine])
        await app.start(at: RouteFixture.point(0))
        try await app.startRoute(Self.route("once", Self.waypoints(4)))

        // When the walker goes east past all four
        await app.walk([RouteFixture.point(5)])

        // Then w2 was never heard: three spots, no completion
        #expect(await app.launches == 2)
        #expect(await app.delivered("arrived").map { String($0.split(separator: ".").last!) } == ["w1", "w3", "w4"])
        #expect(await app.delivered("completion").isEmpty)

        // When the walker comes back through w2
        await app.walk([RouteFixture.point(0)])

        // Then its entry is a new crossing: w2 is reached and the route completes once
        #expect(await app.delivered("arrived").map { String($0.split(separator: ".").last!) } == ["w1", "w3", "w4", "w2"])
        #expect(await app.delivered("completion").count == 1)
    }

    @Test func moreThanTwentyWaypointsRotateOnEntriesAloneAndCompleteOnce() async throws {
        // Given a route of 25 waypoints 0.001°…0.025° east, the walker at 0°
        let app = RegionWalkApp()
        await app.start(at: RouteFixture.point(0))
        try await app.startRoute(Self.route("long", Self.waypoints(25)))
        // The 20 nearest (w1…w20) are monitored, the 5 farthest wait
        let monitored = await app.center.monitoredRegionList().map { $0.identifier.split(separator: ".").last! }
        #expect(Set(monitored) == Set((1...20).map { "w\($0)" }))

        // When the walker goes to the end (the app hears region entries only)
        await app.walk([RouteFixture.point(26)])

        // Then each entry moved the watched 20 on, every waypoint was reached in order,
        // never more than 20 regions were monitored, and the completion came once
        let session = try #require(try await app.engine.routeSession())
        #expect(session.visits.count == 25)
        #expect(session.session.waypoints.map { session.visits[$0.id]!.date }
                    == session.session.waypoints.map { session.visits[$0.id]!.date }.sorted())
        #expect(await app.entries == 25)
        #expect(await app.mostMonitored == 20)
        #expect(await app.delivered("arrived").count == 25)
        #expect(await app.delivered("completion").count == 1)
        #expect(await app.center.monitoredRegionList().isEmpty)
    }

    /// The platform's limit, shown: a waypoint the budget cuts is not monitored, so when
    /// the walker passes it before an entry brought it into the nearest 20, nothing
    /// tells the app; it is never reached and the route never completes without
    /// positions. The same walk heard through positions completes.
    @Test(arguments: [false, true])
    func aCutWaypointPassedBeforeItIsWatchedIsMissedWithoutPositions(_ positions: Bool) async throws {
        // Given 20 waypoints 0.001°…0.020° east and one 0.030° west (the farthest: cut)
        let app = RegionWalkApp()
        await app.start(at: RouteFixture.point(0))
        let west = Waypoint(id: "west", name: "West", coordinate: RouteFixture.point(-30))
        try await app.startRoute(Self.route("detour", Self.waypoints(20) + [west]))
        if positions {
            let engine = await app.engine
            await app.center.setPositionHandler { position in _ = try? await engine.positionChanged(position) }
        }
        #expect(await !app.center.monitoredRegionList().map(\.identifier).contains {
            $0.hasSuffix(".west")
        })

        // When the walker goes west first, then east along the others
        await app.walk([RouteFixture.point(-30), RouteFixture.point(21)])

        // Then with region entries alone West was passed unheard: 20 of 21, no completion
        let session = try #require(try await app.engine.routeSession())
        #expect(session.visits.count == (positions ? 21 : 20))
        #expect(session.visits["west"] == nil ? !positions : positions)
        #expect(await app.delivered("completion").count == (positions ? 1 : 0))
        #expect(await app.mostMonitored <= 20)
    }
}
