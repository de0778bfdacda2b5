import HeraldTestSupport
import Foundation
@testable import Herald

/// Random schedules for property tests, built from a seeded generator so that a
/// failure names the seed that reproduces it.
enum RandomSchedule {
    /// Any valid schedule, biased toward the small hours (where DST moves the clock),
    /// month ends and short intervals; starting around `around`.
    static func make(_ rng: inout SeededGenerator, around: LocalDate) -> Schedule {
        let recurrence: Recurrence
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            recurrence = .once(LocalDateTime(date: date(near: around, &rng), time: time(&rng)))
        case 1:
            recurrence = .daily(times: times(&rng))
        case 2:
            recurrence = .weekly(weekdays: weekdays(&rng), times: times(&rng))
        case 3:
            recurrence = .everyNDays(interval: Int.random(in: 2...10, using: &rng), anchor: date(near: around, &rng), times: times(&rng))
        case 4:
            let minutes = [5, 7, 10, 15, 20, 25, 30, 45, 60, 90, 120].randomElement(using: &rng)!
            let startHour = Int.random(in: 0...22, using: &rng)
            let window = Schedule.DailyWindow(start: LocalTime(hour: startHour, minute: Int.random(in: 0...59, using: &rng)),
                                     end: LocalTime(hour: Int.random(in: (startHour + 1)...min(24, startHour + 5), using: &rng)))
            recurrence = .minuteInterval(minutes: minutes, window: window, weekdays: weekdays(&rng))
        default:
            let days = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Bool.random(using: &rng) ? Int.random(in: 1...31, using: &rng) : [28, 29, 30, 31, -1, -2, -29, -30, -31].randomElement(using: &rng)!
            }
            recurrence = .monthly(days: days, times: times(&rng))
        }
        let start = Bool.random(using: &rng) ? LocalDateTime(date: date(near: around, &rng), time: time(&rng)) : nil
        let end: Schedule.End?
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: end = .until(LocalDateTime(date: date(near: around, &rng).adding(days: 200), time: time(&rng)))
        case 1 where start != nil: end = .count(Int.random(in: 1...400, using: &rng))
        default: end = nil
        }
        return try! Schedule(recurrence, start: start, end: end)
    }

    /// A schedule ``Schedule/rrule`` can write: times that are every combination of
    /// their hours and minutes, a start whenever the text needs one.
    static func makeRepresentable(_ rng: inout SeededGenerator, around: LocalDate) -> Schedule {
        let hours = Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...23, using: &rng) })
        let minutes = Set((0..<Int.random(in: 1...2, using: &rng)).map { _ in Int.random(in: 0...59, using: &rng) })
        let times = hours.flatMap { hour in minutes.map { LocalTime(hour: hour, minute: $0) } }
        let zone = [nil, "Europe/Berlin", "America/New_York", "UTC"].randomElement(using: &rng)!.map { TimeZone(identifier: $0)! }
        var start = Bool.random(using: &rng) || zone != nil
            ? LocalDateTime(date: date(near: around, &rng), time: time(&rng)) : nil
        let recurrence: Recurrence
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return try! Schedule(.once(LocalDateTime(date: date(near: around, &rng), time: time(&rng))), timeZone: zone)
        case 1:
            recurrence = .daily(times: times)
        case 2:
            recurrence = .weekly(weekdays: weekdays(&rng), times: times)
        case 3:
            let anchor = start?.date ?? date(near: around, &rng)
            start = start ?? LocalDateTime(date: anchor, time: time(&rng))
            recurrence = .everyNDays(interval: Int.random(in: 2...30, using: &rng), anchor: anchor, times: times)
        case 4:
            let minutes = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 360].randomElement(using: &rng)!
            let firstHour = Int.random(in: 0...23, using: &rng)
            let lastHour = Int.random(in: firstHour...23, using: &rng)
            // The window starts at the first time in step with the start.
            let phase = start.map { (($0.time.secondsSinceMidnight - firstHour * 3600) % (minutes * 60) + minutes * 60) % (minutes * 60) } ?? 0
            guard firstHour * 3600 + phase < (lastHour + 1) * 3600 else { return makeRepresentable(&rng, around: around) }
            recurrence = .minuteInterval(minutes: minutes,
                                         window: Schedule.DailyWindow(start: LocalTime(secondsSinceMidnight: firstHour * 3600 + phase),
                                                             end: LocalTime(hour: lastHour + 1)),
                                         weekdays: weekdays(&rng))
        default:
            let days = Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Bool.random(using: &rng) ? Int.random(in: 1...31, using: &rng) : -Int.random(in: 1...31, using: &rng)
            })
            recurrence = .monthly(days: Array(days), times: times)
        }
        let end: Schedule.End?
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: end = .until(LocalDateTime(date: date(near: around, &rng).adding(days: 100), time: time(&rng)))
        case 1 where start != nil: end = .count(Int.random(in: 1...1000, using: &rng))
        default: end = nil
        }
        return try! Schedule(recurrence, timeZone: zone, start: start, end: end)
    }

    private static func date(near around: LocalDate, _ rng: inout SeededGenerator) -> LocalDate {
        around.adding(days: Int.random(in: -60...400, using: &rng))
    }

    private static func time(_ rng: inout SeededGenerator) -> LocalTime {
        let hour = Bool.random(using: &rng) ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...23, using: &rng)
        let minute = Bool.random(using: &rng) ? [0, 15, 30, 45].randomElement(using: &rng)! : Int.random(in: 0...59, using: &rng)
        return LocalTime(hour: hour, minute: minute, second: Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 1...59, using: &rng) : 0)
    }

    private static func times(_ rng: inout SeededGenerator) -> [LocalTime] {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in time(&rng) }
    }

    private static func weekdays(_ rng: inout SeededGenerator) -> Set<Weekday> {
        var days = Set(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
        if days.isEmpty { days.insert(Weekday.allCases.randomElement(using: &rng)!) }
        return days
    }
}
