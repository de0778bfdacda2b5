// swift-tools-version: 6.1
// Herald's benchmarks, in their own package so that the library's users do not inherit
// the benchmark dependencies. Run from this folder: `swift package benchmark`.
import PackageDescription

let package = Package(
    name: "HeraldBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Planning",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Planning",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Occurrences",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Occurrences",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Reconciling",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "HeraldSimulator", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Reconciling",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Responding",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "HeraldSimulator", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Responding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SimulatedYear",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "HeraldSimulator", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SimulatedYear",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Storing",
            dependencies: [
                .product(name: "Herald", package: "Herald"),
                .product(name: "HeraldSimulator", package: "Herald"),
                .product(name: "HeraldSQLite", package: "Herald"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Storing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
