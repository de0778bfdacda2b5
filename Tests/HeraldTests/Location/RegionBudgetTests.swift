import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The 20-region budget: the heap's choice equals sorting everything (the oracle), never
/// more than the limit, route waypoints before location reminders, rotation on moving.
@Suite struct RegionBudgetTests {
    static func places(count: Int, waypoints: Int, using random: inout SeededGenerator) -> [MonitoredPlace] {
        (0..<count).map { index in
            MonitoredPlace(identifier: "p\(index)", kind: index < waypoints ? .waypoint : .locationReminder,
                           center: Coordinate(latitude: Double.random(in: -60...60, using: &random),
                                              longitude: Double.random(in: -179...179, using: &random)),
                           radius: 100)
        }
    }

    @Test func theHeapChoosesWhatSortingEverythingChooses() async {
        await PropertySeeds.check(count: 300) { seed in
            var random = SeededGenerator(seed: seed)
            let count = Int.random(in: 0...300, using: &random)
            let places = Self.places(count: count, waypoints: Int.random(in: 0...30, using: &random), using: &random)
            let limit = Int.random(in: 0...40, using: &random)
            let position = Bool.random(using: &random) ? nil : Coordinate(
                latitude: Double.random(in: -90...90, using: &random), longitude: Double.random(in: -180...180, using: &random))
            let chosen = RegionBudget.nearest(limit, of: places, to: position)
            #expect(chosen == RegionBudget.nearestBySorting(limit, of: places, to: position))
            #expect(chosen.count == min(limit, count))
            let plan = RegionBudget(limit: limit).plan(places, at: position)
            #expect(plan.watched.count + plan.cut.count == count)
            #expect(Set(plan.watched.map(\.identifier)).isDisjoint(with: plan.cut.map(\.identifier)))
        }
    }

    @Test func waypointsComeFirstThenRemindersByDistance() {
        let here = Coordinate(latitude: 0, longitude: 0)
        // Reminders at 1, 2, … 25 km east (0.009° ≈ 1 km); waypoints far away still win.
        var places = (1...25).map {
            MonitoredPlace(identifier: "r\($0)", kind: .locationReminder,
                           center: Coordinate(latitude: 0, longitude: 0.009 * Double($0)), radius: 100)
        }
        places += (1...3).map {
            MonitoredPlace(identifier: "w\($0)", kind: .waypoint, center: Coordinate(latitude: 10, longitude: Double($0)), radius: 30)
        }
        let plan = RegionBudget().plan(places.shuffled(), at: here)
        #expect(plan.watched.map(\.identifier) == ["w1", "w2", "w3"] + (1...17).map { "r\($0)" })
        #expect(plan.cut.map(\.identifier).sorted() == (18...25).map { "r\($0)" }.sorted())
    }

    @Test func withoutAPositionWaypointsAreWatchedInWalkingOrder() {
        // Given 22 waypoints listed w22, w21, …, w1 (the walking order) and a reminder,
        // and no position yet
        let waypoints = (1...22).reversed().map {
            MonitoredPlace(identifier: "w\($0)", kind: .waypoint, center: Coordinate(latitude: 0, longitude: Double($0)),
                           radius: 20)
        }
        let reminder = MonitoredPlace(identifier: "a", kind: .locationReminder, center: Coordinate(latitude: 0, longitude: 0),
                                      radius: 100)
        let plan = RegionBudget().plan(waypoints + [reminder], at: nil)
        // Then the first 20 of the walk are watched, in that order (not w1, w10, w11, …)
        #expect(plan.watched.map(\.identifier) == (3...22).reversed().map { "w\($0)" })
        #expect(plan.cut.map(\.identifier) == ["a", "w1", "w2"])
    }

    @Test func movingRotatesTheWatchedRegions() {
        let places = (0..<40).map {
            MonitoredPlace(identifier: String(format: "r%02d", $0), kind: .locationReminder,
                           center: Coordinate(latitude: 0, longitude: 0.01 * Double($0)), radius: 100)
        }
        let west = RegionBudget().plan(places, at: Coordinate(latitude: 0, longitude: 0))
        let east = RegionBudget().plan(places, at: Coordinate(latitude: 0, longitude: 0.39))
        #expect(Set(west.watched.map(\.identifier)) == Set((0..<20).map { String(format: "r%02d", $0) }))
        #expect(Set(east.watched.map(\.identifier)) == Set((20..<40).map { String(format: "r%02d", $0) }))
        let changes = east.changes(from: Set(west.watched.map(\.identifier)))
        #expect(changes.start.count == 20 && changes.stop.count == 20)
        #expect(east.changes(from: Set(east.watched.map(\.identifier))).start.isEmpty)
    }
}
