import Benchmark
import Foundation
import Herald

/// Expands a daily rule with two times over 14 days (28 occurrences) with Herald's
/// offset-table expansion and with `Calendar.nextDate` per occurrence, in the same run.
/// Target: Herald at least 20 times faster.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        // Nanoseconds: Herald expands a sparse rule's year in about 2 µs, which whole
        // microseconds would round too coarsely for a ratio.
        timeUnits: .nanoseconds,
        maxDuration: .seconds(5),
        maxIterations: 10_000
    )

    let zone = TimeZone(identifier: "Europe/Berlin")!
    // 2026-03-21: the 14 days cross the spring-forward transition of 2026-03-29.
    let start = Date(timeIntervalSince1970: 1_774_080_000)
    let end = start.addingTimeInterval(14 * 86_400)
    let times = [LocalTime(hour: 2, minute: 30), LocalTime(hour: 18, minute: 15)]
    let schedule = try! Schedule.daily(at: times)

    Benchmark("Herald: 28 occurrences over 14 days") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(schedule.occurrences(after: start, before: end, deviceZone: zone))
        }
    }

    RuleKindBenchmark.register()

    Benchmark("Calendar.nextDate: 28 occurrences over 14 days") { benchmark in
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        for _ in benchmark.scaledIterations {
            blackHole(calendarOccurrences(times: times, after: start, before: end, calendar: calendar))
        }
    }
}

/// The reference: every occurrence found by `Calendar.nextDate`, one call each.
func calendarOccurrences(times: [LocalTime], after start: Date, before end: Date, calendar: Calendar) -> [Date] {
    var result: [Date] = []
    for time in times {
        var cursor = start
        let components = DateComponents(hour: time.hour, minute: time.minute, second: 0)
        while let next = calendar.nextDate(after: cursor, matching: components,
                                           matchingPolicy: .nextTimePreservingSmallerComponents,
                                           repeatedTimePolicy: .first, direction: .forward),
              next < end {
            result.append(next)
            cursor = next
        }
    }
    return result.sorted()
}
