import Benchmark
import Foundation
import Herald
import HeraldScenario
import HeraldSQLite
import ScenarioPlaying

/// A walk of 10,000 positions (one a second along the equator, nothing to
/// watch) played by the scenario runner, its timeline counted and dropped, with the
/// in-memory store and with SQLite in memory (what `herald simulate` uses). Each
/// position re-planned took 30–39 s for the 10,000 (about 3 ms each). Target: well
/// under 1 s (release build).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .scenarioRuns

    Benchmark("10000 positions of a walk, in-memory store") { benchmark in
        await play(walkScenario, store: InMemoryEngineStore(), benchmark)
    }
    Benchmark("10000 positions of a walk, SQLite in memory") { benchmark in
        await play(walkScenario, store: try! SQLiteEngineStore.inMemory(), benchmark)
    }
}


/// From 0°, 0° east at 1 m/s for 10,000 s, a position every second.
let walkScenario: Scenario = {
    let east = 10_000 / (Coordinate.earthRadius * .pi / 180)
    let yaml = """
        name: Ten thousand positions
        zone: UTC
        start: 2026-11-21T00:00
        days: 1
        app: foreground
        events:
          - {at: 2026-11-21T00:00, position: {lat: 0, lon: 0}}
          - {at: 2026-11-21T00:00, walk: {to: [{lat: 0, lon: \(east)}], speed: 1, every: 1}}
        """
    return try! Scenario(yaml: yaml, file: "positions.yaml")
}()
