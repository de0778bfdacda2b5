import Benchmark
import Foundation
import Herald
import HeraldSimulator

/// A simulated year of an app with 50 habits (two reminders each), the app running in
/// the background and re-planning at every day change. Target: at least 1,000
/// simulated days per second (release build).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .custom("simulated days per second", polarity: .prefersLarger, useScalingFactor: false),
                  .custom("notifications delivered", useScalingFactor: false)],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(30),
        maxIterations: 3
    )

    Benchmark("Simulated year: 50 habits, 2 reminders each, re-planned at each day change") { benchmark in
        await simulateYear(benchmark, middayRefresh: false)
    }

    Benchmark("Simulated year: 50 habits, 2 reminders each, plus a midday background refresh") { benchmark in
        await simulateYear(benchmark, middayRefresh: true)
    }
}

/// One year of the app in the background in Berlin. It re-plans at each day change
/// (54 of the day's 100 reminders fit the budget at a time, so about 54 a day are
/// delivered) and, with `middayRefresh`, again at 13:00 (all 100 are delivered). The
/// user reads and clears the list each evening, as people do.
func simulateYear(_ benchmark: Benchmark, middayRefresh: Bool) async {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let start = Date(timeIntervalSince1970: 1_767_222_000) // 2026-01-01T00:00 in Berlin
    let clock = VirtualClock(now: start, timeZone: zone)
    let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
    let rules = (0..<50).map { index in
        try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "daily",
                     schedule: try! .daily(at: [LocalTime(hour: 7 + index % 5, minute: index),
                                                LocalTime(hour: 17 + index % 5, minute: index)]))
    }
    let engine = Engine(center: center, source: YearSource(rules: rules), clock: clock)
    // The benchmark measures re-planning at every day change, so the app is kept
    // running in the background (iOS would suspend it until its next run).
    let device = await SimulatedDevice(center: center, suspendsInBackground: false) { HostedApp(engine: engine) }
    _ = try? await device.launch(into: .background)

    let stopwatch = ContinuousClock()
    let began = stopwatch.now
    benchmark.startMeasurement()
    var delivered = 0
    for day in 0..<365 {
        let midnight = start.addingTimeInterval(Double(day) * 86_400)
        if middayRefresh {
            delivered += await device.advance(to: midnight.addingTimeInterval(13 * 3600)).count
            await engine.backgroundRefresh()
        }
        delivered += await device.advance(to: midnight.addingTimeInterval(22 * 3600)).count
        await device.clearAll()
        delivered += await device.advance(to: midnight.addingTimeInterval(86_400)).count
    }
    benchmark.stopMeasurement()
    let elapsed = stopwatch.now - began
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    benchmark.measurement(.custom("notifications delivered", useScalingFactor: false), delivered)
    if seconds > 0 {
        benchmark.measurement(.custom("simulated days per second", polarity: .prefersLarger, useScalingFactor: false),
                              Int(365 / seconds))
    }
}

struct YearSource: ReminderSource {
    let rules: [ReminderRule]
    func reminderRules() async throws -> [ReminderRule] { rules }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: reminder.rule.entity.id, body: "Time for your habit")
    }
}
