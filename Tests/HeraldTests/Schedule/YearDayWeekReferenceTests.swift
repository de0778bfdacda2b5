import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Yearly rules with days of the year (`BYYEARDAY`) and weeks (`BYWEEKNO`), random,
/// against a day-by-day walk that asks Foundation's `Calendar` for each day's day of
/// the year and week (`weekOfYear` with the rule's first weekday and four days in the
/// first week, RFC 5545's week 1).
@Suite struct YearDayWeekReferenceTests {
    typealias F = ScheduleFixture

    /// A random yearly rule keeping days of the year or weeks (or both), some weekdays
    /// and months, from a start in 2020...2029.
    static func makeRule(_ rng: inout SeededGenerator) -> String {
        let start = LocalDateTime(date: LocalDate(year: Int.random(in: 2020...2029, using: &rng), month: Int.random(in: 1...12, using: &rng),
                                                  day: Int.random(in: 1...28, using: &rng)), time: LocalTime(hour: 9))
        var parts = ["FREQ=YEARLY", "INTERVAL=\(Int.random(in: 1...3, using: &rng))"]
        func values(_ range: ClosedRange<Int>, upTo count: Int) -> String {
            (0..<Int.random(in: 1...count, using: &rng)).map { _ in
                String(Int.random(in: range, using: &rng) * (Bool.random(using: &rng) ? 1 : -1))
            }.joined(separator: ",")
        }
        let kind = Int.random(in: 0...2, using: &rng)
        if kind != 1 { parts.append("BYYEARDAY=" + values(1...366, upTo: 6)) }
        if kind != 0 { parts.append("BYWEEKNO=" + values(1...53, upTo: 3)) }
        if Bool.random(using: &rng) {
            parts.append("BYDAY=" + Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in
                ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].randomElement(using: &rng)!
            }).sorted().joined(separator: ","))
        }
        if Int.random(in: 0...3, using: &rng) == 0 { parts.append("BYMONTH=\(Int.random(in: 1...12, using: &rng))") }
        parts.append("WKST=" + ["MO", "SU", "WE"].randomElement(using: &rng)!)
        return "DTSTART:\(start.rfc5545Text)\nRRULE:" + parts.joined(separator: ";")
    }

    /// The rule's 09:00 occurrences from its start's year through `lastYear`, walking every
    /// day and asking `Calendar` about it.
    static func makeReference(_ text: String, through lastYear: Int) -> [String] {
        let parts = Dictionary(uniqueKeysWithValues: text.components(separatedBy: "RRULE:")[1].split(separator: ";").map {
            let pair = $0.split(separator: "=")
            return (String(pair[0]), String(pair[1]))
        })
        func list(_ name: String) -> [Int] { parts[name].map { $0.split(separator: ",").map { Int($0)! } } ?? [] }
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        calendar.firstWeekday = codes.firstIndex(of: parts["WKST"]!)! + 1
        calendar.minimumDaysInFirstWeek = 4
        let startText = String(text.dropFirst("DTSTART:".count).prefix(15))
        let startYear = Int(startText.prefix(4))!
        let interval = Int(parts["INTERVAL"]!)!
        let weekdays = parts["BYDAY"].map { $0.split(separator: ",").map { codes.firstIndex(of: String($0))! + 1 } }
        var found: [String] = []
        var day = calendar.date(from: DateComponents(year: startYear, month: 1, day: 1))!
        while calendar.component(.year, from: day) <= lastYear {
            let date = calendar.dateComponents([.year, .month, .day, .weekday, .weekOfYear, .yearForWeekOfYear], from: day)
            let yearLength = calendar.range(of: .day, in: .year, for: day)!.count
            let yearDay = calendar.ordinality(of: .day, in: .year, for: day)!
            // The last week of a week-numbering year holds its December 28.
            let december28 = calendar.date(from: DateComponents(year: date.yearForWeekOfYear!, month: 12, day: 28))!
            let weeks = calendar.component(.weekOfYear, from: december28)
            let keeps = (date.year! - startYear) % interval == 0
                && (list("BYYEARDAY").isEmpty || list("BYYEARDAY").contains { $0 == yearDay || yearLength + 1 + $0 == yearDay })
                && (list("BYWEEKNO").isEmpty || list("BYWEEKNO").contains { $0 == date.weekOfYear! || weeks + 1 + $0 == date.weekOfYear! })
                && (weekdays?.contains(date.weekday!) ?? true)
                && (list("BYMONTH").isEmpty || list("BYMONTH").contains(date.month!))
            let dayText = String(format: "%04d%02d%02dT090000", date.year!, date.month!, date.day!)
            if keeps, dayText >= startText { found.append(dayText) }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return found
    }

    @Test func yearlyRulesWithDaysOfTheYearAndWeeksMatchADayByDayWalk() async {
        await PropertySeeds.check(count: 30) { seed in
            var rng = SeededGenerator(seed: seed)
            let text = Self.makeRule(&rng)
            let lastYear = 2045
            let reference = Self.makeReference(text, through: lastYear)

            let listed: [String]
            do {
                let schedule = try Schedule(rrule: text)
                let end = F.instant("\(lastYear + 1)-01-01T00:00:00Z")
                listed = schedule.occurrences(after: F.instant("2019-12-31T00:00:00Z"), before: end, deviceZone: F.zone("UTC"))
                    .map(\.local.rfc5545Text)
            } catch let error as ScheduleError where error.code == .empty {
                // A rule that never occurs is refused: the walk finds none either.
                #expect(reference.isEmpty, "seed \(seed): \(text) refused, but the walk finds \(reference.prefix(3))")
                return
            }
            #expect(listed == reference, "seed \(seed): \(text)")
        }
    }
}
