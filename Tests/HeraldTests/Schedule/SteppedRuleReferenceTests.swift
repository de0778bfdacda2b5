import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Hourly and minutely rules with days of the year, seconds and set positions, random,
/// against a walk of every step through Foundation's `Calendar` in UTC: each step's
/// instants (its hour's `BYMINUTE` × `BYSECOND`, its minute's `BYSECOND`), kept when
/// `Calendar` puts them on a kept day of the year, hour and minute, then narrowed by
/// `BYSETPOS`, as RFC 5545 builds a period's set.
@Suite struct SteppedRuleReferenceTests {
    typealias F = ScheduleFixture

    struct Rule {
        var hourly: Bool
        var interval: Int
        var start: Date
        var yearDays: [Int]
        var hours: [Int]
        var minutes: [Int]
        var seconds: [Int]
        var positions: [Int]

        var text: String {
            func list(_ name: String, _ values: [Int]) -> String {
                values.isEmpty ? "" : ";\(name)=" + values.map(String.init).joined(separator: ",")
            }
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss"
            return "DTSTART:\(formatter.string(from: start))\nRRULE:FREQ=\(hourly ? "HOURLY" : "MINUTELY");INTERVAL=\(interval)"
                + list("BYYEARDAY", yearDays) + list("BYHOUR", hours) + list("BYMINUTE", minutes) + list("BYSECOND", seconds)
                + list("BYSETPOS", positions)
        }
    }

    /// A random rule: about half keep some days of the year and hours; hourly ones
    /// expand to a few minutes and seconds, minutely ones keep many minutes; half pick
    /// set positions.
    static func makeRule(_ rng: inout SeededGenerator) -> Rule {
        let hourly = Bool.random(using: &rng)
        func some(_ range: ClosedRange<Int>, _ counts: ClosedRange<Int>, signed: Bool = false) -> [Int] {
            Array(Set((0..<Int.random(in: counts, using: &rng)).map { _ in
                Int.random(in: range, using: &rng) * (signed && Bool.random(using: &rng) ? -1 : 1)
            })).sorted()
        }
        func maybe(_ values: @autoclosure () -> [Int]) -> [Int] { Bool.random(using: &rng) ? values() : [] }
        let start = F.instant("2026-01-01T00:00:00Z").addingTimeInterval(TimeInterval(Int.random(in: 0..<(365 * 86_400), using: &rng)))
        var rule = Rule(hourly: hourly, interval: hourly ? Int.random(in: 1...50, using: &rng) : Int.random(in: 7...3_000, using: &rng),
                        start: start, yearDays: maybe(some(1...366, 20...150, signed: true)), hours: maybe(some(0...23, 8...20)),
                        minutes: hourly ? maybe(some(0...59, 1...4)) : maybe(some(0...59, 20...50)), seconds: maybe(some(0...59, 1...3)),
                        positions: maybe(some(1...4, 1...2, signed: true)))
        if !rule.positions.isEmpty, rule.yearDays.isEmpty, rule.hours.isEmpty, rule.minutes.isEmpty, rule.seconds.isEmpty {
            rule.seconds = [Int.random(in: 0...59, using: &rng)]  // BYSETPOS needs another BY part
        }
        return rule
    }

    /// The rule's instants from its start until `end`, step by step.
    static func makeReference(_ rule: Rule, until end: Date) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let startParts = calendar.dateComponents([.minute, .second], from: rule.start)
        var found: [Date] = []
        var step = 0
        while true {
            let instant = calendar.date(byAdding: rule.hourly ? .hour : .minute, value: step * rule.interval, to: rule.start)!
            step += 1
            // The step's hour or minute, and its instants in it, ascending.
            let unitStart = calendar.dateInterval(of: rule.hourly ? .hour : .minute, for: instant)!.start
            guard unitStart < end else { return found }
            let minutes = rule.hourly ? (rule.minutes.isEmpty ? [startParts.minute!] : rule.minutes) : [0]
            let seconds = rule.seconds.isEmpty ? [startParts.second!] : rule.seconds
            var set = minutes.flatMap { minute in seconds.map { unitStart.addingTimeInterval(TimeInterval(minute * 60 + $0)) } }.sorted()
            let parts = calendar.dateComponents([.hour, .minute], from: unitStart)
            let yearDay = calendar.ordinality(of: .day, in: .year, for: unitStart)!
            let yearLength = calendar.range(of: .day, in: .year, for: unitStart)!.count
            let keeps = (rule.yearDays.isEmpty || rule.yearDays.contains { $0 == yearDay || yearLength + 1 + $0 == yearDay })
                && (rule.hours.isEmpty || rule.hours.contains(parts.hour!))
                && (rule.hourly || rule.minutes.isEmpty || rule.minutes.contains(parts.minute!))
            guard keeps else { continue }
            if !rule.positions.isEmpty {
                let count = set.count
                set = Set(rule.positions.compactMap { position in
                    let index = position > 0 ? position - 1 : count + position
                    return set.indices.contains(index) ? set[index] : nil
                }).sorted()
            }
            found += set.filter { $0 >= rule.start && $0 < end }
        }
    }

    @Test func hourlyAndMinutelyRulesMatchAStepByStepWalk() async {
        await PropertySeeds.check(count: 40) { seed in
            var rng = SeededGenerator(seed: seed)
            let rule = Self.makeRule(&rng)
            let end = rule.start.addingTimeInterval(365 * 86_400)
            let reference = Self.makeReference(rule, until: end)

            let listed: [Date]
            do {
                listed = try Schedule(rrule: rule.text)
                    .occurrences(after: rule.start.addingTimeInterval(-1), before: end, deviceZone: F.zone("UTC")).map(\.date)
            } catch let error as ScheduleError where error.code == .empty {
                // Refused as never occurring: the walk finds none in a year either.
                #expect(reference.isEmpty, "seed \(seed): \(rule.text) refused (\(error)), but the walk finds \(reference.prefix(3))")
                return
            }
            #expect(listed == reference, "seed \(seed): \(rule.text)")
        }
    }
}
