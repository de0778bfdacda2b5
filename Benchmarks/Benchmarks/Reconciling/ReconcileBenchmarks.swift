import Benchmark
import Foundation
@_spi(Benchmarking) import Herald
import HeraldSimulator

/// Churn when one of 20 habits (two reminders a day each) is completed: the requests
/// Herald's reconciler touches against the seed's clear-everything-and-re-add method,
/// in the same run. Target: Herald touches exactly the size of the difference.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .custom("requests touched")],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    Benchmark("Herald reconcile: complete 1 of 20 habits") { benchmark in
        let setup = await ChurnSetup.make()
        let expected = await setup.differenceAfterCompletion()
        benchmark.startMeasurement()
        let report = try await setup.engine.completed(ChurnSetup.completedHabit)
        benchmark.stopMeasurement()
        let touched = BenchmarkMachinery.requestsTouched(by: report)
        guard touched == expected else {
            benchmark.error("touched \(touched), difference is \(expected)")
            return
        }
        benchmark.measurement(.custom("requests touched"), touched)
    }

    Benchmark("Seed method: clear all and re-add after completing 1 of 20 habits") { benchmark in
        let setup = await ChurnSetup.make()
        benchmark.startMeasurement()
        let touched = await setup.clearAndReAddAfterCompletion()
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("requests touched"), touched)
    }
}

/// 20 habits with reminders at 09:xx and 19:xx, planned and pending at 10:00, so
/// today 19:00 to 19:19 are pending with badges 1 to 20.
struct ChurnSetup {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let start = Date(timeIntervalSince1970: 1_795_251_600) // 2026-11-21T10:00 in Berlin
    static let completedHabit = EntityReference(namespace: "habit", id: "h7")

    let center: SimulatedNotificationCenter
    let source: StaticSource
    let engine: Engine
    let store: InMemoryEngineStore

    static func make() async -> ChurnSetup {
        let clock = VirtualClock(now: start, timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let rules = (0..<20).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "daily",
                         schedule: try! .daily(at: [LocalTime(hour: 9, minute: index), LocalTime(hour: 19, minute: index)]))
        }
        let source = StaticSource(rules: rules)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: source, store: store, clock: clock)
        await engine.launched()
        return ChurnSetup(center: center, source: source, engine: engine, store: store)
    }

    /// The size of the difference between what is pending and the plan after the
    /// completion, computed independently of the engine.
    func differenceAfterCompletion() async -> Int {
        let plan = planAfterCompletion()
        let desired = plan.reminders.map { try! $0.request(with: source.makeContent(for: $0)) }
        return BenchmarkMachinery.requestsTouched(desired: desired, pending: await center.pendingNotificationRequests())
    }

    /// The seed's method: remove every pending request, then add the whole new plan.
    func clearAndReAddAfterCompletion() async -> Int {
        let plan = planAfterCompletion()
        let removed = await center.pendingNotificationRequests().count
        await center.removeAllPendingNotificationRequests()
        for reminder in plan.reminders {
            try? await center.add(try! reminder.request(with: source.makeContent(for: reminder)))
        }
        return removed + plan.reminders.count
    }

    private func planAfterCompletion() -> BenchmarkPlanner.Result {
        let today = LocalDate(year: 2026, month: 11, day: 21)
        return BenchmarkPlanner().plan(rules: source.rules, now: Self.start, zone: Self.zone,
                                       satisfied: [EngineState.EntityDay(Self.completedHabit, today)])
    }
}

struct StaticSource: ReminderSource {
    let rules: [ReminderRule]

    func reminderRules() async throws -> [ReminderRule] { rules }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        makeContent(for: reminder)
    }

    func makeContent(for reminder: PlannedReminder) -> NotificationContent {
        NotificationContent(title: reminder.rule.entity.id, body: "Time for your habit")
    }
}
