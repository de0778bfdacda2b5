import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// A walk's cost per position does not grow with the waypoints reached: the waypoints a
/// position measures are those of its neighbourhood (``WaypointIndex``), the same as
/// measuring every waypoint, and a route of 1,000 waypoints completes with one
/// notification per spot and the completion exactly once. Nothing here is timed; the
/// time limits only stop a hang.
@Suite struct LongRouteTests {
    /// Waypoints 111.195 m apart (``RouteFixture``), threshold 20 m: a cube is 20.02 m
    /// wide, so a waypoint's neighbourhood (three cubes, at most 60 m across) holds that
    /// waypoint alone, and a point halfway between two holds none.
    @Test func aPositionMeasuresOnlyTheWaypointsOfItsNeighbourhood() {
        let route = RouteFixture.route(waypoints: 1000)
        let index = WaypointIndex(route)
        for spot in [0, 1, 500, 998, 999] {
            #expect(index.candidates(near: RouteFixture.point(Double(spot))) == [spot])
            #expect(index.candidates(near: RouteFixture.point(Double(spot) + 0.5)) == [])
            #expect(index.position(of: "spot-\(spot)") == spot)
        }
        #expect(index.position(of: "spot-1000") == nil)
    }

    /// Random routes anywhere (across the 180th meridian and around the poles too) and
    /// random positions near their waypoints: the changes are those of measuring every
    /// waypoint in walking order, the reference kept here.
    @Test func theNeighbourhoodFindsWhatMeasuringEveryWaypointFinds() async {
        await PropertySeeds.check(count: 60) { seed in
            var random = SeededGenerator(seed: seed)
            let threshold = [0.5, 5, 25, 400, 20_000][Int.random(in: 0..<5, using: &random)]
            let centre = [Coordinate(latitude: 0, longitude: 179.9999), Coordinate(latitude: 89.9999, longitude: 10),
                          Coordinate(latitude: -89.99999, longitude: -179), Coordinate(latitude: 52.5, longitude: 13.4),
                          Coordinate(latitude: 0, longitude: 0)][Int.random(in: 0..<5, using: &random)]
            // Spread: a few thresholds around the centre, in degrees (at most a few degrees).
            let spread = min(5, threshold * 4 / 111_000)
            func near() -> Coordinate {
                let latitude = max(-90, min(90, centre.latitude + Double.random(in: -spread...spread, using: &random)))
                var longitude = centre.longitude + Double.random(in: -spread...spread, using: &random)
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            let waypoints = (0..<Int.random(in: 1...40, using: &random)).map {
                Waypoint(id: "w\($0)", name: "W\($0)", coordinate: near())
            }
            let route = try! RouteSession(id: "r", name: "R", waypoints: waypoints, proximityThreshold: threshold)
            var state = RouteSessionState(session: route, startedAt: Fixtures.date("2026-11-21T10:00"))
            for step in 0..<30 {
                // Half of the positions on a waypoint, moved by up to the threshold.
                var position = near()
                if Bool.random(using: &random), let waypoint = waypoints.randomElement(using: &random) {
                    let nudge = threshold / 111_000 * Double.random(in: -1...1, using: &random)
                    position = Coordinate(latitude: max(-90, min(90, waypoint.coordinate.latitude + nudge)),
                                          longitude: waypoint.coordinate.longitude)
                }
                let now = Fixtures.date("2026-11-21T10:00").addingTimeInterval(Double(step + 1))
                let reached = waypoints.filter {
                    state.visits[$0.id] == nil && $0.coordinate.distance(to: position) <= threshold
                }.map(\.id)
                let changes = state.progress(to: position, at: now, suppression: nil)
                let visited = changes.compactMap { change -> String? in
                    if case .recordRouteVisit(_, let visit) = change { visit.waypointID } else { nil }
                }
                #expect(visited == reached, "seed \(seed), step \(step)")
                let completes = !reached.isEmpty && state.visits.count + reached.count == waypoints.count
                #expect(changes.contains { if case .completeRoute = $0 { true } else { false } } == completes)
                var engineState = EngineState(routeSession: state)
                for change in changes { engineState.apply(change) }
                state = engineState.routeSession!
                if state.completion != nil { break }
            }
        }
    }

    /// 1,000 waypoints walked one by one (each position reaches one): 1,000 spot
    /// notifications and one completion, which a position past the end never repeats;
    /// the work per position, the waypoints measured, is one.
    @Test(.timeLimit(.minutes(10)), ThoroughRun.only) func aRouteOfAThousandWaypointsCompletesOnce() async throws {
        let fixture = RouteFixture()
        let count = 1000
        try await fixture.engine.startRoute(RouteFixture.route(waypoints: count))
        for spot in 0..<count {
            try await fixture.walk(to: Double(spot), after: 5)
        }
        try await fixture.walk(to: Double(count - 1), after: 5)
        try await fixture.walk(to: Double(count), after: 5)

        #expect(await fixture.delivered("arrived").count == 1000)
        #expect(await fixture.delivered("completion").count == 1)
        let session = try #require(try await fixture.engine.routeSession())
        #expect(session.visits.count == 1000)
        #expect(session.completion?.summary.visitedCount == 1000)
        #expect(session.completion?.summary.totalWaypoints == 1000)
        // Everything handed over: 1,000 spots and the completion, nothing left to send.
        #expect(session.delivered.count == 1001)
        #expect(session.dueNotifications(now: fixture.clock.now, fired: []).isEmpty)
    }
}
