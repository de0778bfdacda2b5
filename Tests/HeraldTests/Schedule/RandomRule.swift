import HeraldTestSupport
import Foundation
@testable import Herald

/// Random ``RecurrenceRule`` schedules of every kind for property tests, from a seeded
/// generator so that a failure names the seed that reproduces it.
enum RandomRule {
    enum Kind: String, CaseIterable, Sendable {
        case everyNWeeks, monthlyNthWeekday, monthlySetPosition, monthlyDays, yearlyDays, yearlyNthWeekday, everyNHours,
             everyNMinutes, dailyFiltered
    }

    /// Options that keep a rule within what Foundation's `Calendar.RecurrenceRule`
    /// computes right (see ``RecurrenceRuleReferenceTests``): negative days of the month
    /// only down to -28, yearly rules always with months.
    static func makeRule(_ kind: Kind, _ rng: inout SeededGenerator, anchor: LocalDateTime) -> RecurrenceRule {
        let times = self.times(&rng)
        switch kind {
        case .everyNWeeks:
            return RecurrenceRule(frequency: .weekly, interval: Int.random(in: 1...4, using: &rng), anchor: anchor,
                                  weekdays: weekdays(&rng).map { .init(nil, $0) }, times: times,
                                  weekStart: Weekday.allCases.randomElement(using: &rng)!)
        case .monthlyNthWeekday:
            let entries = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                RecurrenceRule.OrdinalWeekday([1, 2, 3, 4, 5, -1, -2].randomElement(using: &rng)!, Weekday.allCases.randomElement(using: &rng)!)
            }
            return RecurrenceRule(frequency: .monthly, interval: Int.random(in: 1...3, using: &rng), anchor: anchor,
                                  weekdays: entries, times: times)
        case .monthlySetPosition:
            return RecurrenceRule(frequency: .monthly, interval: Int.random(in: 1...2, using: &rng), anchor: anchor,
                                  months: Bool.random(using: &rng) ? [] : months(&rng),
                                  weekdays: weekdays(&rng).map { .init(nil, $0) },
                                  setPositions: [[1], [-1], [2], [1, -1], [-2, 3]].randomElement(using: &rng)!, times: times)
        case .monthlyDays:
            return RecurrenceRule(frequency: .monthly, interval: Int.random(in: 1...4, using: &rng), anchor: anchor,
                                  months: Bool.random(using: &rng) ? [] : months(&rng), monthDays: monthDays(&rng), times: times)
        case .yearlyDays:
            return RecurrenceRule(frequency: .yearly, interval: Int.random(in: 1...2, using: &rng), anchor: anchor,
                                  months: months(&rng), monthDays: monthDays(&rng), times: times)
        case .yearlyNthWeekday:
            return RecurrenceRule(frequency: .yearly, anchor: anchor, months: months(&rng),
                                  weekdays: [.init([1, 2, 3, 4, -1].randomElement(using: &rng)!, Weekday.allCases.randomElement(using: &rng)!)],
                                  times: times)
        case .everyNHours:
            return RecurrenceRule(frequency: .hourly, interval: Int.random(in: 1...24, using: &rng), anchor: anchor,
                                  weekdays: Bool.random(using: &rng) ? [] : weekdays(&rng).map { .init(nil, $0) },
                                  hours: Bool.random(using: &rng) ? [] : Array(Set((0..<6).map { _ in Int.random(in: 0...23, using: &rng) })),
                                  minutes: Bool.random(using: &rng) ? [] : Array([0, 30, anchor.time.minute].shuffled(using: &rng).dropLast(Int.random(in: 0...2, using: &rng))))
        case .everyNMinutes:
            return RecurrenceRule(frequency: .minutely, interval: [45, 50, 90, 120, 1439].randomElement(using: &rng)!,
                                  anchor: anchor, hours: Bool.random(using: &rng) ? [] : [0, 1, 2, 3, 9, 22])
        case .dailyFiltered:
            return RecurrenceRule(frequency: .daily, interval: Int.random(in: 1...5, using: &rng), anchor: anchor,
                                  months: Bool.random(using: &rng) ? [] : months(&rng),
                                  monthDays: Bool.random(using: &rng) ? [] : monthDays(&rng),
                                  weekdays: Bool.random(using: &rng) ? [] : weekdays(&rng).map { .init(nil, $0) },
                                  setPositions: Int.random(in: 0..<4, using: &rng) == 0 && times.count > 1 ? [-1] : [], times: times)
        }
    }

    /// A valid schedule of `kind`, starting at its anchor, with an end half of the time.
    static func make(_ kind: Kind, _ rng: inout SeededGenerator, around: LocalDate) -> Schedule {
        while true {
            let anchor = LocalDateTime(date: around.adding(days: Int.random(in: -40...200, using: &rng)), time: time(&rng))
            let rule = makeRule(kind, &rng, anchor: anchor)
            let end: Schedule.End?
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: end = .count(Int.random(in: 1...300, using: &rng))
            case 1: end = .until(LocalDateTime(date: anchor.date.adding(days: Int.random(in: 20...500, using: &rng)), time: time(&rng)))
            default: end = nil
            }
            // Some random combinations never occur (the 5th Monday of February only): draw again.
            if let schedule = try? Schedule(.rule(rule), start: anchor, end: end) { return schedule }
        }
    }

    static func time(_ rng: inout SeededGenerator) -> LocalTime {
        let hour = Bool.random(using: &rng) ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...23, using: &rng)
        let minute = Bool.random(using: &rng) ? [0, 15, 30, 45].randomElement(using: &rng)! : Int.random(in: 0...59, using: &rng)
        return LocalTime(hour: hour, minute: minute)
    }

    /// Every combination of a few hours and minutes, so that RRULE text can say them.
    static func times(_ rng: inout SeededGenerator) -> [LocalTime] {
        let hours = Set((0..<Int.random(in: 1...2, using: &rng)).map { _ in
            Bool.random(using: &rng) ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...23, using: &rng)
        })
        let minutes = Set((0..<Int.random(in: 1...2, using: &rng)).map { _ in [0, 15, 30, 45, 59].randomElement(using: &rng)! })
        return hours.flatMap { hour in minutes.map { LocalTime(hour: hour, minute: $0) } }
    }

    static func weekdays(_ rng: inout SeededGenerator) -> [Weekday] {
        var days = Weekday.allCases.filter { _ in Bool.random(using: &rng) }
        if days.isEmpty { days = [Weekday.allCases.randomElement(using: &rng)!] }
        return days
    }

    static func months(_ rng: inout SeededGenerator) -> [Int] {
        Array(Set((0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 1...12, using: &rng) }))
    }

    static func monthDays(_ rng: inout SeededGenerator) -> [Int] {
        Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in
            Bool.random(using: &rng) ? Int.random(in: 1...31, using: &rng) : [-1, -2, -7, -28].randomElement(using: &rng)!
        }))
    }
}
