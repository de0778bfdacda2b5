import Benchmark
import Foundation
import Herald
import HeraldSimulator

/// The sync between the user's devices (`HeraldSync`), in one run:
///
/// 1. **Applying 1,000 incoming records.** A phone's engine with 50 daily habits (two
///    reminders each) receives, in one `receive` call, 1,000 records another device made
///    over the past 14 days: 700 completions, 200 answers, 100 pauses and resumes.
///    Baselines in the same run: the same records received one per call; the 800
///    completions, pauses and resumes recorded locally one call each (an answer has no
///    local call without a delivered notification, so the 200 answers are left out);
///    the same batch again once applied (nothing changes, nothing is re-planned); and
///    one re-plan of the same engine with no records (the floor of any call that
///    re-plans).
/// 2. **A day of a three-device household** (iPhone, paired Watch, Mac; 50 habits
///    alerting on the phone, the watch or each device in turn; the user completing 25
///    of them on seeded random devices through the day; records travelling with the
///    household's default latency and push budget): the time per simulated day, against
///    the same day on one device.
/// 3. **Center calls per device against a naive strategy.** The same household day with
///    an app that, on every batch of records it hears, removes every pending request
///    and re-adds everything planned. Each device's center calls over the day are
///    custom metrics (counts, the same every iteration).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 25
    )

    // MARK: 1. Applying 1,000 incoming records

    Benchmark("Receive 1000 records from another device in one call, 50 habits") { benchmark in
        let setup = await IncomingSetup.make()
        benchmark.startMeasurement()
        let report = try await setup.engine.receive(setup.records)
        benchmark.stopMeasurement()
        guard report != nil else { benchmark.error("the batch changed nothing"); return }
    }

    Benchmark("Receive the same 1000 records one per call, 50 habits",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
                                   maxDuration: .seconds(20), maxIterations: 5)) { benchmark in
        let setup = await IncomingSetup.make()
        benchmark.startMeasurement()
        for record in setup.records {
            try await setup.engine.receive([record])
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Record the same 800 completions, pauses and resumes locally, one call each, 50 habits",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
                                   maxDuration: .seconds(20), maxIterations: 5)) { benchmark in
        let setup = await IncomingSetup.make()
        let local = setup.records.sorted { $0.instant < $1.instant }
        benchmark.startMeasurement()
        for record in local {
            switch record.change {
            case .completed(let completion):
                try await setup.engine.completed(completion.entity, on: completion.day, at: completion.date)
            case .paused(let entity): try await setup.engine.paused(entity)
            case .resumed(let entity): try await setup.engine.resumed(entity)
            default: continue
            }
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Receive the same 1000 records again, already applied, 50 habits") { benchmark in
        let setup = await IncomingSetup.make()
        try await setup.engine.receive(setup.records)
        benchmark.startMeasurement()
        let report = try await setup.engine.receive(setup.records)
        benchmark.stopMeasurement()
        guard report == nil else { benchmark.error("the batch applied twice"); return }
    }

    Benchmark("One re-plan of the same engine, no records, 50 habits",
              configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 1,
                                   maxDuration: .seconds(10), maxIterations: 50)) { benchmark in
        let setup = await IncomingSetup.make()
        benchmark.startMeasurement()
        await setup.engine.backgroundRefresh()
        benchmark.stopMeasurement()
    }

    // MARK: 2 and 3. A day of a household

    let dayConfiguration = Benchmark.Configuration(
        metrics: [.wallClock] + HouseholdDay.metrics,
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(60),
        maxIterations: 5
    )

    Benchmark("Household day: iPhone, Watch and Mac, 50 habits, 25 completed on random devices",
              configuration: dayConfiguration) { benchmark in
        try await HouseholdDay(members: HouseholdDay.threeDevices, naive: false).play(benchmark)
    }

    Benchmark("Household day: the same day on the iPhone alone",
              configuration: dayConfiguration) { benchmark in
        try await HouseholdDay(members: [HouseholdDay.phone], naive: false).play(benchmark)
    }

    Benchmark("Household day: iPhone, Watch and Mac, naive app re-scheduling everything on each incoming batch",
              configuration: dayConfiguration) { benchmark in
        try await HouseholdDay(members: HouseholdDay.threeDevices, naive: true).play(benchmark)
    }
}

// MARK: Shared

enum Habits {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-11-29T00:00 in Berlin, a Sunday.
    static let midnight = Date(timeIntervalSince1970: 1_795_906_800)
    static let today = LocalDate(year: 2026, month: 11, day: 29)
    static let count = 50

    static func entity(_ index: Int) -> EntityReference { EntityReference(namespace: "habit", id: "h\(index)") }

    /// Habit `index`'s two reminders: 07:00–11:49 and 17:00–21:49, spread by index.
    static func times(_ index: Int) -> [LocalTime] {
        [LocalTime(hour: 7 + index % 5, minute: index), LocalTime(hour: 17 + index % 5, minute: index)]
    }

    /// 50 daily habits; habit `i` alerts on the phone, the watch or each device for
    /// `i % 3` = 0, 1, 2 when `alertsOn` is given (the household), on the app's default
    /// (the phone) otherwise.
    static func rules(mixingAlertsOn: Bool) -> [ReminderRule] {
        (0..<count).map { index in
            let rule = try! ReminderRule(entity: entity(index), id: "daily", schedule: try! .daily(at: times(index)))
            guard mixingAlertsOn else { return rule }
            return rule.alerting(on: [ReminderRule.AlertsOn.phone, .watch, .each][index % 3])
        }
    }

    /// The instant of `time` on the day `daysAgo` days before 2026-11-29 (no DST change
    /// in these weeks in Berlin).
    static func instant(daysAgo: Int, _ time: LocalTime) -> Date {
        midnight.addingTimeInterval(Double(-daysAgo * 86_400 + time.hour * 3_600 + time.minute * 60))
    }
}

struct HabitSource: ReminderSource {
    let rules: [ReminderRule]
    func reminderRules() async throws -> [ReminderRule] { rules }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: reminder.rule.entity.id, body: "Time for your habit")
    }
}

/// A deterministic generator (SplitMix64), so every run plays the same inputs.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
