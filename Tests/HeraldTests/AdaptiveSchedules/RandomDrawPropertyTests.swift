import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The random draws: the same across 1,000 re-plans, the same on another device, each
/// day's times distinct, in the window and the gap apart, and uniform by chi-square
/// tests over fixed seeds, against the configurations counted by hand.
@Suite struct RandomDrawPropertyTests {
    static let id = ReminderRule.ID(entity: Fixtures.habit("mood"), rule: "sample")

    @Test func aDaysTimesAreTheSameAcrossAThousandRePlans() throws {
        // Given a rule drawn twice a day, and the occurrences of Wednesday 25 November
        let window = try ReminderRule.RandomTimes(from: LocalTime(hour: 9), to: LocalTime(hour: 21), times: 3, minimumGap: 5400)
        let rule = try ReminderRule(entity: Self.id.entity, id: Self.id.rule, schedule: .daily(at: [LocalTime(hour: 9)]))
            .atRandomTimes(window)
        let wednesday = LocalDate("2026-11-25")
        var random = SeededGenerator(seed: 25)
        var seen: Set<[LocalDateTime]> = []
        // When 1,000 plans are made at random instants of the week before, in Berlin or New York
        for _ in 0..<1_000 {
            let now = Fixtures.date("2026-11-18T00:00").addingTimeInterval(Double(Int.random(in: 0...(7 * 86_400), using: &random)))
            let zone = Bool.random(using: &random) ? Fixtures.berlin : TimeZone(identifier: "America/New_York")!
            let schedules = AdaptiveSchedules(now: now, deviceZone: zone, horizon: 14 * 86_400,
                                              facts: AdaptationFacts(seed: 77))
            let planned = schedules.rule(rule).schedule
            seen.insert(planned.localOccurrences(in: wednesday...wednesday, converter: ZoneConverter(zone: zone))[wednesday] ?? [])
        }
        // Then every plan met the same three times
        #expect(seen.count == 1)
        #expect(seen.first?.count == 3)
    }

    @Test func drawsAreDistinctInTheWindowAndTheGapApart() async {
        await PropertySeeds.check(count: 500) { seed in
            var random = SeededGenerator(seed: seed)
            let from = Int.random(in: 0...(22 * 60), using: &random)
            let to = Int.random(in: (from + 1)...(24 * 60 - 1), using: &random)
            let gap = Int.random(in: 0...120, using: &random)
            let most = gap == 0 ? to - from + 1 : (to - from) / max(gap, 1) + 1
            let times = Int.random(in: 1...min(most, ReminderRule.RandomTimes.maximumTimes), using: &random)
            let window = try! ReminderRule.RandomTimes(from: LocalTime(secondsSinceMidnight: from * 60),
                                                       to: LocalTime(secondsSinceMidnight: to * 60),
                                                       times: times, minimumGap: TimeInterval(gap * 60))
            let day = LocalDate("2026-01-01").adding(days: Int.random(in: 0...800, using: &random))
            let draws = window.draws(on: day, rule: Self.id, seed: random.next()).map { $0.secondsSinceMidnight / 60 }
            #expect(draws.count == times, "seed \(seed)")
            #expect(draws.allSatisfy { (from...to).contains($0) }, "seed \(seed)")
            #expect(zip(draws, draws.dropFirst()).allSatisfy { $1 - $0 >= max(gap, 1) }, "seed \(seed)")
        }
    }

    /// Pearson's statistic of `counts` against `expected` each.
    static func chiSquare(_ counts: [Int], expected: Double) -> Double {
        counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
    }

    @Test func oneDrawIsUniformOverTheWindow() throws {
        // Given one draw from 10:00 to 15:59 (360 minutes, 12 bins of 30), over 3,600 days and 4 seeds
        let window = try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 15, minute: 59), times: 1)
        for seed: UInt64 in [0, 1, 42, 2026] {
            var bins = Array(repeating: 0, count: 12)
            for offset in 0..<3_600 {
                let time = window.draws(on: LocalDate("2026-01-01").adding(days: offset), rule: Self.id, seed: seed)[0]
                bins[(time.secondsSinceMidnight / 60 - 600) / 30] += 1
            }
            // Then Pearson's statistic stays below 31.26, the 0.1% point with 11 degrees of freedom
            #expect(Self.chiSquare(bins, expected: 300) < 31.26, "seed \(seed): \(bins)")
        }
    }

    @Test func everySetOfTimesKeepingTheGapIsEquallyLikely() throws {
        // Given two draws from 10:00 to 10:09 at least 3 minutes apart: the 28 pairs
        // (a, b) with 0 ≤ a, b ≤ 9 and b - a ≥ 3, counted by hand (7 + 6 + ... + 1)
        let window = try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 10, minute: 9), times: 2,
                                                  minimumGap: 180)
        var pairs: [[Int]: Int] = [:]
        for a in 0...9 { for b in 0...9 where b - a >= 3 { pairs[[a, b]] = 0 } }
        #expect(pairs.count == 28)
        for seed: UInt64 in [3, 99] {
            var counts = pairs
            for offset in 0..<5_600 {
                let draws = window.draws(on: LocalDate("2026-01-01").adding(days: offset), rule: Self.id, seed: seed)
                let key = draws.map { $0.secondsSinceMidnight / 60 - 600 }
                #expect(counts[key] != nil, "seed \(seed): \(key) is not a pair of the window")
                counts[key, default: 0] += 1
            }
            // Then each of the 28 came about 200 times: below 55.48, the 0.1% point with 27 degrees of freedom
            #expect(Self.chiSquare(Array(counts.values), expected: 200) < 55.48, "seed \(seed)")
        }
    }
}
