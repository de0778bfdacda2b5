import Benchmark
import Foundation
import Herald
import HeraldScenario
import ScenarioPlaying

/// A list the user never clears: 200 entities with three daily rules each (600 reminders a
/// day), the app in the foreground re-planning at every day change, and a user who
/// never clears the list, so it holds every notification of the run (219,000 after a
/// year). Played by the scenario runner, its timeline streamed to a sink that counts
/// it, at 30 and at 365 days in the same run. Targets: the time per simulated day at
/// 365 days within 1.5× of that at 30 days, and peak memory under 200 MB.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal,
                  .custom("ms per simulated day", polarity: .prefersSmaller, useScalingFactor: false),
                  .custom("notifications delivered", useScalingFactor: false)],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(600),
        maxIterations: 1
    )

    for days in [30, 365] {
        Benchmark("Never-cleared list: 200 entities × 3 daily rules, \(days) days") { benchmark in
            await play(neverClearedScenario, days: days, benchmark)
        }
    }
}

/// Plays `days` days of `scenario`, counting its timeline instead of keeping it.
func play(_ scenario: Scenario, days: Int, _ benchmark: Benchmark) async {
    let sink = CountingSink()
    let stopwatch = ContinuousClock()
    let began = stopwatch.now
    benchmark.startMeasurement()
    let outcome = try! await ScenarioRunner(scenario: scenario, days: days).play(from: nil, streamingTo: sink)
    benchmark.stopMeasurement()
    let elapsed = stopwatch.now - began
    let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    benchmark.measurement(.custom("ms per simulated day", polarity: .prefersSmaller, useScalingFactor: false),
                          Int((milliseconds / Double(days)).rounded()))
    benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), outcome.summary.delivered)
    precondition(sink.entries > outcome.summary.delivered, "the timeline reached the sink")
}

/// 200 entities, each with a morning, a noon and an evening rule at its own minute, in
/// Berlin from 1 January 2026, the app in the foreground; no events, so the list is
/// never cleared.
let neverClearedScenario: Scenario = {
    var yaml = "name: Never cleared\nzone: Europe/Berlin\nstart: 2026-01-01T00:00\ndays: 366\napp: foreground\nentities:\n"
    for index in 0..<200 {
        let minute = String(format: "%02d", index % 60)
        let hour = index % 3
        yaml += "  - {id: e\(index), title: Entity \(index), rules: ["
            + "{id: morning, daily: [\"0\(7 + hour):\(minute)\"]}, "
            + "{id: noon, daily: [\"\(12 + hour):\(minute)\"]}, "
            + "{id: evening, daily: [\"\(18 + hour):\(minute)\"]}]}\n"
    }
    return try! Scenario(yaml: yaml, file: "never-cleared.yaml")
}()
