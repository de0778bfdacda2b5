import Benchmark
import Foundation
import Herald

/// One rule per kind of ``RecurrenceRule``, expanded over one year in New York with
/// Herald and with Foundation's `Calendar.RecurrenceRule` on the same rule, in the same
/// run. Target: Herald at least 500 times faster for every kind, by medians and by
/// best samples.
struct RuleKindBenchmark: Sendable {
    var name: String
    var rrule: String
    var reference: @Sendable (Calendar) -> Calendar.RecurrenceRule

    static let all: [RuleKindBenchmark] = [
        RuleKindBenchmark(name: "every 2 weeks on TU,TH", rrule: "DTSTART:20260106T070000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .weekly, interval: 2, weekdays: [.every(.tuesday), .every(.thursday)])
        },
        RuleKindBenchmark(name: "monthly on the 2nd Tuesday", rrule: "DTSTART:20260106T190000\nRRULE:FREQ=MONTHLY;BYDAY=2TU") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .monthly, weekdays: [.nth(2, .tuesday)])
        },
        RuleKindBenchmark(name: "monthly last weekday (BYSETPOS)",
                          rrule: "DTSTART:20260106T090000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .monthly,
                                    weekdays: [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)],
                                    setPositions: [-1])
        },
        RuleKindBenchmark(name: "yearly on months and days", rrule: "DTSTART:20260106T080000\nRRULE:FREQ=YEARLY;BYMONTH=1,4,7,10;BYMONTHDAY=1,15") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .yearly, months: [1, 4, 7, 10], daysOfTheMonth: [1, 15])
        },
        RuleKindBenchmark(name: "yearly on the 4th Thursday of November", rrule: "DTSTART:20260106T100000\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .yearly, months: [11], weekdays: [.nth(4, .thursday)])
        },
        RuleKindBenchmark(name: "every 5 hours", rrule: "DTSTART:20260106T080000\nRRULE:FREQ=HOURLY;INTERVAL=5") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .hourly, interval: 5)
        },
        RuleKindBenchmark(name: "every 45 minutes", rrule: "DTSTART:20260106T080000\nRRULE:FREQ=MINUTELY;INTERVAL=45") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .minutely, interval: 45)
        },
        RuleKindBenchmark(name: "daily with EXDATE", rrule: "DTSTART:20260106T080000\nRRULE:FREQ=DAILY\nEXDATE:20260107T080000") {
            Calendar.RecurrenceRule(calendar: $0, frequency: .daily)
        },
    ]

    static func register() {
        let zone = TimeZone(identifier: "America/New_York")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.date(from: DateComponents(year: 2026, month: 1, day: 6))!
        let end = start.addingTimeInterval(365 * 86_400)
        for kind in all {
            let schedule = try! Schedule(rrule: kind.rrule)
            let reference = kind.reference(calendar)
            Benchmark("Herald: \(kind.name), one year") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(schedule.occurrences(after: start, before: end, deviceZone: zone))
                }
            }
            Benchmark("Calendar.RecurrenceRule: \(kind.name), one year") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(Array(reference.recurrences(of: start, in: start..<end)))
                }
            }
        }
    }
}
