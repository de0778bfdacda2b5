import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The nearest waypoints not reached, from the session's k-d tree (``RoutePlaces``),
/// against the oracle: ranking every place of ``RouteSessionState/watchedPlaces`` by
/// sorting (``RegionBudget/nearestBySorting(_:of:to:)``).
@Suite struct RoutePlacesPropertyTests {
    /// A coordinate near `centre`, within `spread` degrees, wrapped onto the globe.
    static func near(_ centre: Coordinate, spread: Double, using random: inout SeededGenerator) -> Coordinate {
        let latitude = min(90, max(-90, centre.latitude + Double.random(in: -spread...spread, using: &random)))
        var longitude = centre.longitude + Double.random(in: -spread...spread, using: &random)
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A session of random shape (a line, a cluster, around a pole or the 180th
    /// meridian, with repeated points), some waypoints reached (in random order, with
    /// visits of ids not on the route too), and a position near it.
    static func randomSession(using random: inout SeededGenerator) throws -> (RouteSessionState, Coordinate) {
        let centres = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 89.9, longitude: 10),
                       Coordinate(latitude: -12, longitude: 179.99), Coordinate(latitude: 48.2, longitude: 16.37)]
        let centre = centres[Int.random(in: 0..<centres.count, using: &random)]
        let count = Int.random(in: 1...250, using: &random)
        let spread = [0.0005, 0.01, 0.5][Int.random(in: 0..<3, using: &random)]
        let step = 50 / (Coordinate.earthRadius * .pi / 180)
        let shape = Int.random(in: 0..<3, using: &random)
        var points: [Coordinate] = []
        for index in 0..<count {
            switch shape {
            case 0: points.append(Coordinate(latitude: 0, longitude: Double(index) * step))   // the benchmark's line
            case 1: points.append(near(centre, spread: spread, using: &random))
            default: points.append(index > 0 && Bool.random(using: &random)
                ? points[Int.random(in: 0..<index, using: &random)]                         // equal distances
                : near(centre, spread: spread, using: &random))
            }
        }
        let waypoints = points.enumerated().map { Waypoint(id: "w\($0.offset)", name: "Spot \($0.offset)", coordinate: $0.element) }
        let session = try RouteSession(id: "walk", name: "Walk", waypoints: waypoints,
                                       proximityThreshold: [1, 10, 300][Int.random(in: 0..<3, using: &random)])
        var state = RouteSessionState(session: session, startedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let reached = Int.random(in: 0...count, using: &random)
        for id in waypoints.map(\.id).shuffled(using: &random).prefix(reached) {
            state.apply(visit: RouteVisit(waypointID: id, date: state.startedAt, outcome: .sent), key: state.sessionKey)
        }
        if Bool.random(using: &random) {
            state.restore(visit: RouteVisit(waypointID: "elsewhere", date: state.startedAt, outcome: .sent))
        }
        let position = Bool.random(using: &random) ? points[Int.random(in: 0..<count, using: &random)]
            : near(points[Int.random(in: 0..<count, using: &random)], spread: spread, using: &random)
        return (state, position)
    }

    @Test func theTreeChoosesWhatSortingEveryPlaceLeftChooses() async {
        await PropertySeeds.check(count: 300) { seed in
            var random = SeededGenerator(seed: seed)
            let (state, position) = try! Self.randomSession(using: &random)
            let all = state.watchedPlaces
            #expect(state.unreachedCount == all.count)
            let places = RoutePlaces(state)
            #expect(places.count == all.count)
            for count in [0, 1, 20, Int.random(in: 0...300, using: &random)] {
                let expected = RegionBudget.nearestBySorting(min(count, all.count), of: all, to: position)
                #expect(places.nearest(min(count, all.count), to: position) == expected, "seed \(seed), \(count)")
            }
        }
    }

    @Test func aPlanAmongTheRoutesPlacesIsThePlanAmongTheirList() async {
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            let (state, position) = try! Self.randomSession(using: &random)
            let others = RegionBudgetTests.places(count: Int.random(in: 0...30, using: &random), waypoints: 0, using: &random)
            let budget = RegionBudget(limit: Int.random(in: 0...25, using: &random))
            let from: Coordinate? = Bool.random(using: &random) ? nil : position
            let plan = budget.plan(route: RoutePlaces(state), others: others, at: from)
            let oracle = budget.plan(state.watchedPlaces + others, at: from)
            #expect(plan == oracle)
            #expect(plan.watched == oracle.watched)
            #expect(plan.cut == oracle.cut)
            #expect(plan.cutCount == oracle.cutCount)
            let next = Self.near(position, spread: 0.001, using: &random)
            #expect(plan.chosen(from: next) == oracle.chosen(from: next))
        }
    }

    @Test func theCountOfPlacesLeftFollowsVisitsAsTheyComeAndWhenReplaced() async {
        await PropertySeeds.check(count: 100) { seed in
            var random = SeededGenerator(seed: seed)
            let (state, _) = try! Self.randomSession(using: &random)
            // Rebuilt from its visits as a store reads them back: the same count.
            let rebuilt = RouteSessionState(session: state.session, startedAt: state.startedAt, visits: state.visits)
            #expect(rebuilt.unreachedCount == state.unreachedCount)
            var replaced = state
            replaced.visits = [:]
            #expect(replaced.unreachedCount == state.session.waypoints.count)
        }
    }
}
