import Benchmark
import Foundation
@_spi(Benchmarking) import Herald

/// Plans 1,000 rules of each schedule that follows the user, and 1,000 of them mixed,
/// against 1,000 daily rules in the same run: each plan rewrites the rules from what the
/// user did (as the engine does before every plan) and plans them over a 14-day horizon.
/// Wednesday 25 November 2026 at 10:00 in Berlin; every entity was completed on Monday
/// and Tuesday, half of them this morning too (their quota of 3 a week is met); the vacation
/// and mixed rules have the app on vacation from Friday to the next Wednesday.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 1000
    )

    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_597_200) // 2026-11-25T10:00 in Berlin
    let monday = LocalDate(year: 2026, month: 11, day: 23)
    let count = 1_000
    let completed = Dictionary(uniqueKeysWithValues: (0..<count).map { index in
        (entity(index), [monday, monday.adding(days: 1)] + (index % 2 == 0 ? [monday.adding(days: 2)] : []))
    })
    let progress = Dictionary(uniqueKeysWithValues: (0..<count).map { index in
        (EngineState.EntityDay(entity(index), monday.adding(days: 2)), index % 9)
    })
    let vacations = [try! ReminderRule.Vacation(from: monday.adding(days: 4), to: monday.adding(days: 9))]
    let kinds: [(String, (Int) -> ReminderRule)] = [
        ("daily", daily), ("quota", quota), ("after-completion", afterCompletion), ("random-time", randomTimes),
        ("vacation", vacation), ("paced", paced),
        ("mixed", { index in [quota, afterCompletion, randomTimes, vacation, paced, daily][index % 6](index) }),
    ]
    for (name, make) in kinds {
        let rules = (0..<count).map(make)
        Benchmark("Plan 1000 \(name) rules") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkPlanner().plan(rules: rules, now: now, zone: zone, completed: completed,
                                                  vacations: ["vacation", "mixed"].contains(name) ? vacations : [], progress: progress, seed: 42))
            }
        }
    }
}

func entity(_ index: Int) -> EntityReference { EntityReference(namespace: "habit", id: "h\(index)") }

func time(_ index: Int) -> LocalTime { LocalTime(hour: 7 + index % 14, minute: (index * 7) % 60) }

func daily(_ index: Int) -> ReminderRule {
    try! ReminderRule(entity: entity(index), id: "r", schedule: .daily(at: [time(index)]))
}

/// Three days a week; met already by the entities completed this morning too.
func quota(_ index: Int) -> ReminderRule {
    daily(index).limited(to: try! .init(times: 3, per: .week))
}

/// Every 2 to 4 days, counted from the last completion (Tuesday).
func afterCompletion(_ index: Int) -> ReminderRule {
    try! ReminderRule(entity: entity(index), id: "r",
                      schedule: .everyDays(2 + index % 3, from: LocalDate(year: 2026, month: 11, day: 1), at: [time(index)]))
        .countingFromCompletion()
}

/// Twice a day between 09:00 and 21:00, at least an hour apart.
func randomTimes(_ index: Int) -> ReminderRule {
    daily(index).atRandomTimes(try! .init(from: LocalTime(hour: 9), to: LocalTime(hour: 21), times: 2, minimumGap: 3600))
}

/// Daily, with the app on vacation from Friday to the next Wednesday.
func vacation(_ index: Int) -> ReminderRule { daily(index) }

/// Hourly from 08:00 to 20:00 toward 8 by 20:00, with 0 to 8 reported today.
func paced(_ index: Int) -> ReminderRule {
    try! ReminderRule(entity: entity(index), id: "r",
                      schedule: .everyMinutes(60, from: LocalTime(hour: 8), to: LocalTime(hour: 20)))
        .paced(try! .init(target: 8, by: LocalTime(hour: 20)))
}
