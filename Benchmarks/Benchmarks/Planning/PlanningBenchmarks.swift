import Benchmark
import Foundation
@_spi(Benchmarking) import Herald

/// Plans mixed rule sets of 10, 1,000 and 10,000 rules over a 14-day horizon with the
/// default budget of 54. Target: 10,000 rules under 5 ms median (release build).
/// Then habits with fixed content and no badge, two daily times each, which the planner
/// may cover with repeating triggers: it tries every prefix of them that fits. Then
/// the alarm channel's cost: 1,000 rules planned with and without an alarm service.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 1000
    )

    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_251_600) // 2026-11-21T10:00 in Berlin
    for count in [10, 1_000, 10_000] {
        let rules = makeMixedRules(count: count)
        Benchmark("Plan \(count) rules") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkPlanner().plan(rules: rules, now: now, zone: zone))
            }
        }
    }
    for count in [30, 1_000, 10_000] {
        let rules = (0..<count).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "r",
                              schedule: .daily(at: [LocalTime(hour: 6 + index % 12, minute: index % 60),
                                                    LocalTime(hour: 18 + index % 5, minute: index % 60)]),
                              countsTowardBadge: false, fixedContent: true)
        }
        Benchmark("Plan \(count) fixed-content habits (repeating triggers)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkPlanner().plan(rules: rules, now: now, zone: zone))
            }
        }
    }
    // The alarm channel's cost: the same 1,000 rules, every tenth asking for an alarm
    // (alarm, else time-sensitive), planned with no alarm service (one channel: they
    // fall back to notifications) and with one that allows 32 alarms (two channels).
    let urgent = makeMixedRules(count: 1_000).enumerated().map { index, rule in
        index % 10 == 0 ? try! rule.urgent(.alarm, fallback: [.timeSensitive]) : rule
    }
    for (name, alarmCapacity) in [("one channel", nil), ("two channels", 32)] as [(String, Int?)] {
        Benchmark("Plan 1000 rules, 100 asking for alarms: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkPlanner().plan(rules: urgent, now: now, zone: zone, alarmCapacity: alarmCapacity))
            }
        }
    }
}

/// Rules of every kind, spread over the day: daily, weekly, every N days, minute
/// intervals in a window, monthly; a few pinned to another zone.
func makeMixedRules(count: Int) -> [ReminderRule] {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    return (0..<count).map { index in
        let hour = 6 + index % 16, minute = (index * 7) % 60
        let time = LocalTime(hour: hour, minute: minute)
        let schedule: Schedule
        switch index % 6 {
        case 0: schedule = try! .daily(at: [time, LocalTime(hour: (hour + 6) % 24, minute: minute)])
        case 1: schedule = try! .weekly(on: [.monday, .wednesday, .friday], at: [time])
        case 2: schedule = try! .everyDays(2 + index % 3, from: LocalDate(year: 2026, month: 11, day: 1), at: [time])
        case 3: schedule = try! .everyMinutes(30 + index % 60, from: LocalTime(hour: 9), to: LocalTime(hour: 17),
                                              on: Weekday.workdays)
        case 4: schedule = try! .monthly(onDays: [1 + index % 28, -1], at: [time])
        default: schedule = try! .daily(at: [time], timeZone: tokyo)
        }
        return try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "r\(index % 3)",
                            schedule: schedule, priority: index % 4)
    }
}
