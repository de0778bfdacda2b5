import HeraldTestSupport
import Foundation
@testable import Herald

/// Random rules, zones and clocks for property tests, drawn from a seeded generator.
enum RandomRules {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Havana",
                        "Pacific/Apia", "America/Santiago", "Pacific/Chatham", "Asia/Kolkata", "UTC"]
        .map { TimeZone(identifier: $0)! }

    static func time(using random: inout SeededGenerator) -> LocalTime {
        LocalTime(hour: Int.random(in: 0...23, using: &random), minute: [0, 15, 30, 45, 59].randomElement(using: &random)!)
    }

    static func times(using random: inout SeededGenerator) -> [LocalTime] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in time(using: &random) }
    }

    static func weekdays(using random: inout SeededGenerator) -> Set<Weekday> {
        var days = Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
        if days.isEmpty { days = [Weekday.allCases.randomElement(using: &random)!] }
        return days
    }

    static func schedule(near date: LocalDate, using random: inout SeededGenerator) -> Schedule {
        let pinned: TimeZone? = Int.random(in: 0...5, using: &random) == 0 ? zones.randomElement(using: &random) : nil
        switch Int.random(in: 0...5, using: &random) {
        case 0:
            return try! .once(at: LocalDateTime(date: date.adding(days: Int.random(in: -2...20, using: &random)),
                                                time: time(using: &random)), timeZone: pinned)
        case 1: return try! .daily(at: times(using: &random), timeZone: pinned)
        case 2: return try! .weekly(on: weekdays(using: &random), at: times(using: &random), timeZone: pinned)
        case 3:
            return try! .everyDays(Int.random(in: 1...9, using: &random), from: date.adding(days: Int.random(in: -30...5, using: &random)),
                                   at: times(using: &random), timeZone: pinned)
        case 4:
            let start = Int.random(in: 0...20, using: &random)
            return try! .everyMinutes([15, 30, 45, 60, 90].randomElement(using: &random)!, from: LocalTime(hour: start),
                                      to: LocalTime(hour: min(24, start + Int.random(in: 1...6, using: &random))),
                                      on: weekdays(using: &random), timeZone: pinned)
        default:
            let days = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Bool.random(using: &random) ? Int.random(in: 1...31, using: &random) : -Int.random(in: 1...3, using: &random)
            }
            return try! .monthly(onDays: days, at: times(using: &random), timeZone: pinned)
        }
    }

    static func rules(count: Int, entities: Int, near date: LocalDate, using random: inout SeededGenerator) -> [ReminderRule] {
        (0..<count).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "e\(Int.random(in: 0..<entities, using: &random))"),
                         id: "r\(index)", schedule: schedule(near: date, using: &random),
                         priority: Int.random(in: 0...2, using: &random),
                         countsTowardBadge: Int.random(in: 0...4, using: &random) != 0)
        }
    }

    /// An instant in 2026–2027, or around Apia's skipped day in 2011.
    static func now(using random: inout SeededGenerator) -> Date {
        if Int.random(in: 0...9, using: &random) == 0 {
            return Date(timeIntervalSince1970: 1_325_000_000 + Double(Int.random(in: 0...864_000, using: &random)))
        }
        return Date(timeIntervalSince1970: 1_767_225_600 + Double(Int.random(in: 0...63_072_000, using: &random)))
    }
}
