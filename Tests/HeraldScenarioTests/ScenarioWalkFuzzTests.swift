import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import HeraldTestSupport
import Testing

/// Hostile walks and routes: random scenario files of positions, walks and
/// routes at the poles, on the antimeridian, at antipodes, at the slowest and fastest
/// speeds, with location reminders there. Whatever they hold, a one-day run ends at its
/// end, delivers nothing after it, records no more positions than the walks can make
/// in a day, and leaves the device at a valid position. Great-circle points are checked
/// against the haversine distance: a point a fraction f of the way lies f of the
/// distance from the start and on the shortest way (the two parts add up).
@Suite struct ScenarioWalkFuzzTests {
    /// Places a hostile file picks from: poles, the antimeridian, antipodes, the equator.
    static let hostile: [(Double, Double)] = [
        (90, 0), (-90, 0), (90, 180), (0, 180), (0, -180), (0, 179.9999), (0, -179.9999), (0, 0),
        (0.0001, 0), (45, 90), (-45, -90), (89.9999, 45), (-89.9999, -135), (52.52, 13.405), (-52.52, -166.595),
    ]

    static func coordinate(_ random: inout SeededGenerator) -> (Double, Double) {
        if Bool.random(using: &random) { return hostile.randomElement(using: &random)! }
        return (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
    }

    static func point(_ random: inout SeededGenerator) -> String {
        let (lat, lon) = coordinate(&random)
        return "{lat: \(lat), lon: \(lon)}"
    }

    @Test(.timeLimit(.minutes(10)))
    func hostileWalksAndRoutesEndWithTheRun() async {
        await PropertySeeds.check(count: 30) { seed in
            try await check(seed: seed)
        }
    }

    func check(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        var yaml = "name: Fuzz\nzone: UTC\nstart: 2026-11-21T00:00\ndays: 1\napp: foreground\n"
        yaml += "location_updates: \(Bool.random(using: &random) ? "positions" : "regions")\nentities:\n"
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let kind = Bool.random(using: &random) ? "arrive" : "leave"
            let radius = [1.0, 100, 5_000, 100_000].randomElement(using: &random)!
            let (lat, lon) = Self.coordinate(&random)
            yaml += "  - {id: p\(index), title: P\(index), rules: [{id: r, \(kind): {lat: \(lat), lon: \(lon), radius: \(radius), repeats: \(Bool.random(using: &random))}}]}\n"
        }
        yaml += "events:\n"
        var seconds = (0..<Int.random(in: 1...8, using: &random)).map { _ in Int.random(in: 0..<86_400, using: &random) }.sorted()
        seconds[0] = 0
        var positionBound = 0
        for (index, second) in seconds.enumerated() {
            let at = String(format: "2026-11-21T%02d:%02d:%02d", second / 3_600, second / 60 % 60, second % 60)
            switch Int.random(in: 0...9, using: &random) {
            case 0...1:
                yaml += "  - {at: \(at), position: \(Self.point(&random))}\n"
                positionBound += 1
            case 2...5:
                let path = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.point(&random) }
                let speed = [0.1, 1.4, 100, Double.random(in: 0.1...100, using: &random)].randomElement(using: &random)!
                let every = [10, 60, 3_600, Int.random(in: 10...3_600, using: &random)].randomElement(using: &random)!
                yaml += "  - {at: \(at), walk: {to: [\(path.joined(separator: ", "))], speed: \(speed), every: \(every)}}\n"
                // At most one a tick for the rest of the day, one per waypoint, and the start.
                positionBound += (86_400 - second) / every + path.count + 2
            case 6...8:
                let waypoints = (0..<Int.random(in: 1...30, using: &random)).map { "{id: w\($0), \(Self.point(&random).dropFirst())" }
                let threshold = [1.0, 30, 10_000].randomElement(using: &random)!
                yaml += "  - {at: \(at), route: {id: r\(index), threshold: \(threshold), waypoints: [\(waypoints.joined(separator: ", "))]}}\n"
            default:
                yaml += "  - {at: \(at), stop_route}\n"
            }
        }
        let scenario = try Scenario(yaml: yaml, file: "fuzz.yaml")
        let store = CountingStore()
        let outcome = try await ScenarioRunner(scenario: scenario, store: store).play(from: nil)

        let end = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00Z
        #expect(outcome.result.summary.endedAt == end, "\(yaml)")
        #expect(outcome.result.deliveries.allSatisfy { $0.date <= end }, "\(yaml)")
        #expect(store.counts.withLock { $0.positions } <= positionBound, "\(yaml)")
        #expect(outcome.checkpoint.system.position?.isValid ?? true, "\(yaml)")
    }

    @Test func greatCirclePointsLieOnTheShortestWay() async {
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            let (lat1, lon1) = Self.coordinate(&random), (lat2, lon2) = Self.coordinate(&random)
            let a = Coordinate(latitude: lat1, longitude: lon1), b = Coordinate(latitude: lat2, longitude: lon2)
            let fraction = [0, 1, 0.5, Double.random(in: 0...1, using: &random)].randomElement(using: &random)!
            let point = a.interpolated(to: b, fraction: fraction)
            let whole = a.distance(to: b)
            #expect(point.isValid, "\(a) \(b) \(fraction)")
            // Within a metre (the haversine's precision near antipodes is centimetres).
            #expect(abs(a.distance(to: point) - fraction * whole) < 1, "\(a) \(b) \(fraction) → \(point)")
            #expect(abs(a.distance(to: point) + point.distance(to: b) - whole) < 1, "\(a) \(b) \(fraction) → \(point)")
        }
    }
}
