import Benchmark
import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Synchronization

/// The HTML report's cost beside the run's, played as `herald simulate` plays it, its
/// text timeline formatted and thrown away, once alone and once with the page (`--html`)
/// built from the same stream and rendered at the end, in the same run:
///
/// - one week of a rule firing every minute, the app refreshed every 45 minutes (10,080
///   deliveries), the page without and with each delivery's and cut's story;
/// - a month of 50 daily habits in the background, refreshed each morning (1,500
///   deliveries), the page with its stories, as `--html` writes it.
///
/// Targets: the page without stories adds at most a quarter to the run; with its
/// stories, at most as much as the run. The scenarios are `Benchmarks/Scenarios/*.yaml`.
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
        let report = HTMLReportSink(for: weekOfMinutes)
        let sink = ScenarioTimelineFanOut([textSink(), report])
        benchmark.startMeasurement()
        let outcome = try! await ScenarioRunner(scenario: weekOfMinutes).play(from: nil, streamingTo: sink)
        let page = report.page()!
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), outcome.summary.delivered)
        benchmark.measurement(.custom("page kilobytes", useScalingFactor: false), page.utf8.count / 1_000)
        precondition(outcome.summary.delivered == 7 * 24 * 60, "every minute of the week delivered")
    }

    Benchmark("A week of minutes (10,080 deliveries): the run, text timeline and HTML page with stories") { benchmark in
        benchmark.startMeasurement()
        let played = await playWithStories(weekOfMinutes)
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), played.delivered)
        benchmark.measurement(.custom("page kilobytes", useScalingFactor: false), played.page.utf8.count / 1_000)
        precondition(played.delivered == 7 * 24 * 60, "every minute of the week delivered")
    }

    Benchmark("A month of 50 daily habits (1,500 deliveries): the run, text timeline") { benchmark in
        let text = textSink(monthOfHabits)
        benchmark.startMeasurement()
        let outcome = try! await ScenarioRunner(scenario: monthOfHabits).play(from: nil, streamingTo: text)
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), outcome.summary.delivered)
        precondition(outcome.summary.delivered == 50 * 30, "every habit delivered each day")
    }

    Benchmark("A month of 50 daily habits (1,500 deliveries): the run, text timeline and HTML page with stories") { benchmark in
        benchmark.startMeasurement()
        let played = await playWithStories(monthOfHabits)
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), played.delivered)
        benchmark.measurement(.custom("page kilobytes", useScalingFactor: false), played.page.utf8.count / 1_000)
        precondition(played.delivered == 50 * 30, "every habit delivered each day")
    }
}

/// Plays `scenario` as `herald simulate --html` does: the text timeline and the page
/// follow one stream, the run's engines share one history, and the page opens each
/// delivery's and listed cut's story, told once the run ended.
func playWithStories(_ scenario: Scenario) async -> (delivered: Int, page: String) {
    let store = InMemoryEngineStore()
    let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, scenario.days + 1))
    var runner = ScenarioRunner(scenario: scenario, store: store)
    runner.history = history
    let report = HTMLReportSink(for: scenario, stories: true)
    let outcome = try! await runner.play(from: nil, streamingTo: ScenarioTimelineFanOut([textSink(scenario), report]))
    let teller = ScenarioStoryTeller(
        scenario: scenario, history: history, state: store.load(), now: outcome.summary.endedAt ?? .distantPast,
        deliveries: report.deliveries, dropped: outcome.summary.droppedIdentifiers)
    return (outcome.summary.delivered, report.page(tell: teller.story(of:at:))!)
}

/// The text timeline `herald simulate` prints, formatted in full and counted, not kept.
func textSink(_ scenario: Scenario = weekOfMinutes) -> some ScenarioTimelineSink {
    let written = Atomic<Int>(0)
    return ScenarioFormattingSink(ScenarioTextFormatter(columns: .init(for: scenario))) { text in
        written.add(text.utf8.count, ordering: .relaxed)
    }
}

/// The scenarios of `Benchmarks/Scenarios`, next to this package's `Benchmarks` folder.
let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenarios")

/// One entity whose rule fires every minute, in Berlin for seven days, the app in the
/// background and refreshed every 45 minutes (so the plan is refilled before its 54
/// requests run out and every occurrence is delivered).
let weekOfMinutes = try! Scenario(contentsOf: scenarios.appendingPathComponent("week-of-minutes.yaml"))

/// 50 habits, one daily reminder each from 07:00 to 19:15, in Berlin for 30 days, the
/// app in the background and refreshed at 06:00 each morning (every reminder delivered).
let monthOfHabits = try! Scenario(contentsOf: scenarios.appendingPathComponent("month-of-50-habits.yaml"))
