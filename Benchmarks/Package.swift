// swift-tools-version: 6.1
// Herald's benchmarks, in their own package so that the library's users do not inherit
// the benchmark dependencies. Run from this folder: `swift package benchmark`.
import PackageDescription

/// One benchmark executable over the given Herald products (and, for those that play
/// scenarios, the shared `ScenarioPlaying`).
func benchmark(_ name: String, using heraldProducts: [String], playsScenarios: Bool = false) -> Target {
    .executableTarget(
        name: name,
        dependencies: heraldProducts.map { .product(name: $0, package: "Herald") }
            + [.product(name: "Benchmark", package: "benchmark")]
            + (playsScenarios ? ["ScenarioPlaying"] : []),
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "HeraldBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmark("Planning", using: ["Herald"]),
        benchmark("Occurrences", using: ["Herald"]),
        benchmark("Reconciling", using: ["Herald", "HeraldSimulator"]),
        benchmark("Responding", using: ["Herald", "HeraldSimulator"]),
        benchmark("SimulatedYear", using: ["Herald", "HeraldSimulator"]),
        benchmark("Storing", using: ["Herald", "HeraldSimulator", "HeraldSQLite"]),
        benchmark("NeverClearedList", using: ["Herald", "HeraldScenario"], playsScenarios: true),
        benchmark("Regions", using: ["Herald"]),
        benchmark("Coverage", using: ["Herald"]),
        benchmark("Positions", using: ["Herald", "HeraldScenario", "HeraldSQLite"], playsScenarios: true),
        benchmark("ReportPage", using: ["Herald", "HeraldScenario", "HeraldReport"]),
        benchmark("Routes", using: ["Herald", "HeraldScenario", "HeraldSQLite"], playsScenarios: true),
        benchmark("Household", using: ["Herald", "HeraldSimulator"]),
        benchmark("AdaptiveSchedules", using: ["Herald"]),
        // What the benchmarks that play scenarios share.
        .target(
            name: "ScenarioPlaying",
            dependencies: [.product(name: "Herald", package: "Herald"), .product(name: "HeraldScenario", package: "Herald"),
                           .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ScenarioPlaying"
        ),
    ]
)
