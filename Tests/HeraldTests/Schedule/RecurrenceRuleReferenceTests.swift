import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Herald's fast expansion of every kind of ``RecurrenceRule`` against Foundation's
/// `Calendar.RecurrenceRule` (through ``CalendarRuleReference``), over two years in
/// zones with unusual transitions: Lord Howe's half-hour shift, Havana's and Santiago's
/// midnight changes, Chatham's 02:45, Casablanca's Ramadan suspensions, Apia's skipped
/// 2011-12-30.
@Suite struct RecurrenceRuleReferenceTests {
    typealias F = ScheduleFixture

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var kind: RandomRule.Kind
        var testDescription: String { "\(kind.rawValue) in \(zone)" }
    }

    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Havana", "America/Santiago",
                        "Pacific/Chatham", "Africa/Casablanca", "Pacific/Apia", "Asia/Kolkata", "UTC"]

    static let cases: [Case] = zones.flatMap { zone in RandomRule.Kind.allCases.map { Case(zone: zone, kind: $0) } }

    /// Apia's two years hold its skipped day; the others' hold two of each transition.
    static func range(_ zone: String) -> (from: Date, to: Date, around: LocalDate) {
        zone == "Pacific/Apia"
            ? (F.instant("2011-01-01T00:00:00Z"), F.instant("2013-01-01T00:00:00Z"), LocalDate(year: 2011, month: 3, day: 1))
            : (F.instant("2025-06-01T00:00:00Z"), F.instant("2027-06-01T00:00:00Z"), LocalDate(year: 2025, month: 8, day: 1))
    }

    @Test(arguments: cases)
    func matchesFoundation(_ given: Case) async {
        let zone = F.zone(given.zone)
        let (from, to, around) = Self.range(given.zone)
        let count = [.everyNHours, .everyNMinutes].contains(given.kind) ? 2 : 6

        await PropertySeeds.check(count: count) { seed in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomRule.make(given.kind, &rng, around: around)

            let fast = schedule.occurrences(after: from, before: to, deviceZone: zone)
            let reference = CalendarRuleReference(schedule: schedule, zone: zone).occurrences(after: from, before: to)

            #expect(fast == reference, "seed \(seed): \(schedule.recurrence) \(String(describing: schedule.end)) — \(Self.firstDifference(fast, reference))")
        }
    }

    @Test(arguments: cases)
    func nextOccurrenceMatchesFoundation(_ given: Case) async {
        let zone = F.zone(given.zone)
        let (from, to, around) = Self.range(given.zone)

        await PropertySeeds.check(count: 3) { seed in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomRule.make(given.kind, &rng, around: around)
            let fraction = Double.random(in: 0...1, using: &rng)
            let instant = from.addingTimeInterval(to.timeIntervalSince(from) * fraction * 0.8)

            let next = schedule.nextOccurrence(after: instant, deviceZone: zone)
            let reference = CalendarRuleReference(schedule: schedule, zone: zone).occurrences(after: instant, before: to).first

            #expect(next == reference || (reference == nil && next.map { $0.date >= to } != false), "seed \(seed) at \(instant): \(schedule.recurrence)")
        }
    }

    static func firstDifference(_ fast: [Occurrence], _ reference: [Occurrence]) -> String {
        for (index, (a, b)) in zip(fast, reference).enumerated() where a != b {
            return "#\(index): Herald \(a), Foundation \(b)"
        }
        return "counts \(fast.count) vs \(reference.count)"
    }
}
