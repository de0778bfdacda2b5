import Benchmark
import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Synchronization

/// The HTML report's cost beside the run's: one week of a rule firing every minute, the
/// app refreshed every 45 minutes (10,080 deliveries), played as `herald simulate` plays
/// it, its text timeline formatted and thrown away, once alone and once with the page
/// (`--html`) built from the same stream and rendered at the end, in the same run.
/// Target: the page adds at most a quarter to the run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal,
                  .custom("notifications delivered", useScalingFactor: false),
                  .custom("page kilobytes", useScalingFactor: false)],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(120),
        maxIterations: 10
    )

    Benchmark("A week of minutes (10,080 deliveries): the run, text timeline") { benchmark in
        let text = textSink()
        benchmark.startMeasurement()
        let outcome = try! await ScenarioRunner(scenario: weekOfMinutes).play(from: nil, streamingTo: text)
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), outcome.summary.delivered)
        precondition(outcome.summary.delivered == 7 * 24 * 60, "every minute of the week delivered")
    }

    Benchmark("A week of minutes (10,080 deliveries): the run, text timeline and HTML page") { benchmark in
        let report = HTMLReportSink(reserve: weekOfMinutes.planner.reserve)
        let sink = ScenarioTimelineFanOut([textSink(), report])
        benchmark.startMeasurement()
        let outcome = try! await ScenarioRunner(scenario: weekOfMinutes).play(from: nil, streamingTo: sink)
        let page = report.page()!
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), outcome.summary.delivered)
        benchmark.measurement(.custom("page kilobytes", useScalingFactor: false), page.utf8.count / 1_000)
        precondition(outcome.summary.delivered == 7 * 24 * 60, "every minute of the week delivered")
    }
}

/// The text timeline `herald simulate` prints, formatted in full and counted, not kept.
func textSink() -> some ScenarioTimelineSink {
    let written = Atomic<Int>(0)
    return ScenarioFormattingSink(ScenarioTextFormatter(columns: .init(for: weekOfMinutes))) { text in
        written.add(text.utf8.count, ordering: .relaxed)
    }
}

/// One entity whose rule fires every minute, in Berlin for seven days, the app in the
/// background and refreshed every 45 minutes (so the plan is refilled before its 54
/// requests run out and every occurrence is delivered).
let weekOfMinutes: Scenario = {
    var yaml = """
        name: A week of minutes
        zone: Europe/Berlin
        start: 2026-11-21T00:00
        days: 7
        planner: {reserve: 10, horizon_days: 2, badge: none}
        entities:
          - id: tick
            title: Tick
            rules:
              - {id: minute, rrule: "FREQ=MINUTELY"}
        events:

        """
    for refresh in stride(from: 40, to: 7 * 24 * 60, by: 45) {
        let day = 21 + refresh / (24 * 60)
        let hour = refresh / 60 % 24, minute = refresh % 60
        yaml += String(format: "  - {at: \"2026-11-%02dT%02d:%02d\", refresh}\n", day, hour, minute)
    }
    return try! Scenario(yaml: yaml, file: "week-of-minutes.yaml")
}()
