import Benchmark
import Foundation
@_spi(Benchmarking) import Herald

/// Chooses the 20 regions to watch among 10,000 candidate places for a new position:
/// the bounded heap of Herald's region budget (`BenchmarkMachinery.nearest`) against
/// sorting every place (`BenchmarkMachinery.nearestBySorting`), in the same run. Target: the heap at least 10×
/// faster (release build).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 1000
    )

    let places = makePlaces(count: 10_000)
    // Positions spread over the area, one per iteration, so no choice is cached.
    let positions = (0..<64).map { Coordinate(latitude: 52.3 + 0.005 * Double($0), longitude: 13.1 + 0.007 * Double($0)) }

    Benchmark("Nearest 20 of 10000 places (heap)") { benchmark in
        for (index, _) in benchmark.scaledIterations.enumerated() {
            blackHole(BenchmarkMachinery.nearest(20, of: places, to: positions[index % positions.count]))
        }
    }
    Benchmark("Nearest 20 of 10000 places (sort all)") { benchmark in
        for (index, _) in benchmark.scaledIterations.enumerated() {
            blackHole(BenchmarkMachinery.nearestBySorting(20, of: places, to: positions[index % positions.count]))
        }
    }
}

/// Places around Berlin (a 0.6° × 0.9° box, about 66 × 61 km), from a fixed seed.
func makePlaces(count: Int) -> BenchmarkMachinery.Places {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    let centers = (0..<count).map { _ in Coordinate(latitude: 52.2 + 0.6 * next(), longitude: 13.0 + 0.9 * next()) }
    return BenchmarkMachinery.Places(centers: centers, radius: 150, waypoints: 5)
}
