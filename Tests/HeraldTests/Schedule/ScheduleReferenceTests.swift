import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The fast expansion against ``ReferenceExpander`` for random rules of every kind.
@Suite struct ScheduleReferenceTests {
    typealias F = ScheduleFixture

    struct Range: Sendable, CustomTestStringConvertible {
        var zone: String
        var from: String
        var to: String
        var around: LocalDate
        var testDescription: String { zone }
    }

    static let ranges: [Range] = [
        Range(zone: "Pacific/Apia", from: "2011-01-01T00:00:00Z", to: "2013-01-01T00:00:00Z", around: LocalDate(year: 2011, month: 6, day: 1)),
    ] + ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Havana", "America/Santiago",
         "Pacific/Chatham", "Asia/Kolkata", "UTC"].map {
        Range(zone: $0, from: "2025-06-01T00:00:00Z", to: "2027-06-01T00:00:00Z", around: LocalDate(year: 2025, month: 9, day: 1))
    }

    @Test(arguments: ranges)
    func matchesTheCalendarReference(_ range: Range) async {
        let zone = F.zone(range.zone)
        let (from, to) = (F.instant(range.from), F.instant(range.to))

        await PropertySeeds.check(count: 60) { seed in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomSchedule.make(&rng, around: range.around)

            let fast = schedule.occurrences(after: from, before: to, deviceZone: zone)
            let reference = ReferenceExpander(schedule: schedule, zone: zone).occurrences(after: from, before: to)

            #expect(fast == reference, "seed \(seed): \(schedule)")
        }
    }

    @Test(arguments: ranges)
    func nextOccurrenceFromAnyInstantMatches(_ range: Range) async {
        let zone = F.zone(range.zone)
        let (from, to) = (F.instant(range.from), F.instant(range.to))

        await PropertySeeds.check(count: 150) { seed in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomSchedule.make(&rng, around: range.around)
            let fraction = Double.random(in: 0...1, using: &rng)
            let instant = from.addingTimeInterval(to.timeIntervalSince(from) * fraction * 0.9)

            let next = schedule.nextOccurrence(after: instant, deviceZone: zone)
            let reference = ReferenceExpander(schedule: schedule, zone: zone)
                .occurrences(after: instant, before: instant.addingTimeInterval(90 * 86_400)).first

            #expect(next == reference || (reference == nil && next.map { $0.date >= instant.addingTimeInterval(90 * 86_400) } == true),
                    "seed \(seed) at \(instant): \(schedule)")
        }
    }
}
