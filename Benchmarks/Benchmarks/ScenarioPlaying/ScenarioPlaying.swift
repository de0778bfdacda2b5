import Benchmark
import Herald
import HeraldScenario
import Synchronization

/// Plays one run of `scenario` over `store` as the measurement, its timeline counted by a
/// ``CountingSink`` instead of kept: what the scenario benchmarks share.
///
/// ```swift
/// Benchmark("a walk, in-memory store") { benchmark in
///     await play(walkScenario, store: InMemoryEngineStore(), benchmark)
/// }
/// ```
public func play(_ scenario: Scenario, store: any EngineStore, _ benchmark: Benchmark) async {
    let sink = CountingSink()
    benchmark.startMeasurement()
    _ = try! await ScenarioRunner(scenario: scenario, store: store).play(from: nil, streamingTo: sink)
    benchmark.stopMeasurement()
    precondition(sink.entries > 0, "the timeline reached the sink")
}

extension Benchmark.Configuration {
    /// Runs of a scenario of several seconds each: wall clock, allocations and peak
    /// memory, in milliseconds, one warm-up, at most 10 runs or a minute.
    public static var scenarioRuns: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(60),
            maxIterations: 10
        )
    }
}

/// Counts the timeline's entries and keeps nothing else.
public final class CountingSink: ScenarioTimelineSink {
    private let count = Atomic<Int>(0)

    public init() {}

    /// How many entries the run recorded.
    public var entries: Int { count.load(ordering: .relaxed) }

    public func begin(_ header: ScenarioRunHeader) {}
    public func record(_ entry: TimelineEntry) { count.add(1, ordering: .relaxed) }
    public func finish(_ summary: ScenarioSummary) {}
}
