import Benchmark
import Foundation
import Herald
import HeraldScenario
import HeraldSQLite
import ScenarioPlaying

/// A walking route of 400 and of 1,000 waypoints, 50 m apart along the equator, walked
/// to completion by the scenario runner (a position at each waypoint, every 5 s), its
/// timeline counted and dropped, with the in-memory store and with SQLite in memory
/// (what `herald simulate` uses). Target: a walk's cost linear in the waypoints reached,
/// the 1,000 about 2.5 times the 400 (before the route's rows, when each position re-read
/// and re-wrote the whole session and measured every waypoint, 6 times: 27.8 s and
/// 167 s, debug CLI; see Benchmarks/README.md for how far it is now).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .scenarioRuns

    for count in [400, 1000] {
        let scenario = routeScenario(waypoints: count)
        Benchmark("route of \(count) waypoints, in-memory store") { benchmark in
            await play(scenario, store: InMemoryEngineStore(), benchmark)
        }
        Benchmark("route of \(count) waypoints, SQLite in memory") { benchmark in
            await play(scenario, store: try! SQLiteEngineStore.inMemory(), benchmark)
        }
    }
}


/// A route of `count` waypoints 50 m apart east of 0°, 0°, threshold 10 m, walked at
/// 10 m/s with a position every 5 s: each position reaches one waypoint.
func routeScenario(waypoints count: Int) -> Scenario {
    let degreesPerStep = 50 / (Coordinate.earthRadius * .pi / 180)
    let waypoints = (0..<count).map { index in
        "        - {id: w\(index), name: Spot \(index), lat: 0, lon: \(Double(index) * degreesPerStep)}"
    }.joined(separator: "\n")
    let yaml = """
        name: Route of \(count) waypoints
        zone: UTC
        start: 2026-11-21T09:00
        days: 1
        app: foreground
        events:
          - {at: 2026-11-21T09:00, position: {lat: 0, lon: 0}}
          - at: 2026-11-21T09:01
            route:
              id: long
              name: Long
              threshold: 10
              waypoints:
        \(waypoints)
          - {at: 2026-11-21T09:02, walk: {to: [{lat: 0, lon: \(Double(count - 1) * degreesPerStep)}], speed: 10, every: 5}}
        """
    return try! Scenario(yaml: yaml, file: "route-\(count).yaml")
}
