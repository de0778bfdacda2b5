import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Herald's expansion of random rules of every kind with excluded times and days
/// (`EXDATE`), over windows of random start and length (an hour to two years), in
/// zones with daylight saving time, against Foundation's `Calendar.RecurrenceRule`
/// (through ``CalendarRuleReference``). The windows' ends fall anywhere in a period,
/// where expansion stops early (a yearly rule's months after the end are not
/// expanded); exclusions are walked in step with the occurrences; walls convert by
/// spans of equal offset.
@Suite struct RecurrenceWindowReferenceTests {
    typealias F = ScheduleFixture

    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Havana", "Pacific/Chatham"]

    @Test(arguments: RandomRule.Kind.allCases)
    func windowsWithExclusionsMatchFoundation(_ kind: RandomRule.Kind) async {
        let count = [.everyNHours, .everyNMinutes].contains(kind) ? 4 : 12
        await PropertySeeds.check(count: count) { seed in
            var rng = SeededGenerator(seed: seed)
            let zone = F.zone(Self.zones.randomElement(using: &rng)!)
            let around = LocalDate(year: 2025, month: 8, day: 1)
            let drawn = RandomRule.make(kind, &rng, around: around)
            let from = F.instant("2025-06-01T00:00:00Z").addingTimeInterval(Double(Int.random(in: 0...(400 * 86_400), using: &rng)))
            let length = [3_600, 86_400, 40 * 86_400, 365 * 86_400, 730 * 86_400].randomElement(using: &rng)!
            let to = from.addingTimeInterval(Double(Int.random(in: 1...length, using: &rng)))

            // Exclude some of the rule's own local times and some days it fires on.
            let all = CalendarRuleReference(schedule: drawn, zone: zone).occurrences(after: from, before: to)
            let excludedTimes = Set(all.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 }.map(\.local))
            let excludedDates = Set(all.filter { _ in Int.random(in: 0..<12, using: &rng) == 0 }.map(\.local.date))
            guard let schedule = try? Schedule(drawn.recurrence, start: drawn.start, end: drawn.end,
                                               excludedDates: excludedDates, excludedTimes: excludedTimes) else {
                Issue.record("seed \(seed): the drawn schedule no longer validates")
                return
            }

            let fast = schedule.occurrences(after: from, before: to, deviceZone: zone)
            let reference = CalendarRuleReference(schedule: schedule, zone: zone).occurrences(after: from, before: to)

            #expect(fast == reference, """
                seed \(seed) in \(zone.identifier) from \(from) to \(to): \(schedule.recurrence) \
                \(String(describing: schedule.end)) — \(RecurrenceRuleReferenceTests.firstDifference(fast, reference))
                """)
        }
    }

    /// January 1 of a year by the formula the yearly rules use, against the civil
    /// calendar's day numbers (Howard Hinnant's algorithm, checked by `LocalDateTests`).
    @Test func firstDayOfYearMatchesTheCivilCalendar() {
        for year in -2_000...3_000 {
            #expect(RulePattern.firstDay(ofYear: year) == LocalDate(year: year, month: 1, day: 1).daysSinceEpoch, "\(year)")
        }
    }

    /// The day after, by month lengths, against the day numbers, across month ends, leap
    /// days and century years.
    @Test func dayAfterMatchesDayNumbers() {
        for day in LocalDate(year: 1899, month: 12, day: 1).daysSinceEpoch...LocalDate(year: 2101, month: 3, day: 1).daysSinceEpoch {
            #expect(LocalDate(daysSinceEpoch: day).dayAfter == LocalDate(daysSinceEpoch: day + 1))
        }
    }

    /// Every wall of a span converts as ``ZoneConverter/instant(forWall:)`` does, on
    /// either side of New York's and Lord Howe's changes and at the table's edges.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "UTC"])
    func spansConvertLikeSingleWalls(_ identifier: String) {
        let converter = ZoneConverter(zone: F.zone(identifier))
        let starts = [0, 1_300_000_000, 1_773_000_000, 1_792_000_000, 4_102_444_800 - 3 * 86_400, -3 * 86_400, 9_000_000_000]
        for start in starts {
            var wall = start
            while wall < start + 6 * 86_400 {
                let span = converter.span(containingWall: wall)
                #expect(span.contains(wall))
                for probe in [span.lower, wall, span.upper - 1] where probe > Int.min && probe < Int.max {
                    let single = converter.instant(forWall: probe)
                    #expect(single.seconds == probe - span.offset && single.exists == span.exists, "\(identifier) wall \(probe)")
                }
                wall += 900
            }
        }
    }
}
