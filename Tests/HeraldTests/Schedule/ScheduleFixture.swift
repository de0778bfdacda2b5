import Foundation
@testable import Herald

/// Small builders shared by the schedule tests.
enum ScheduleFixture {
    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier)!
    }

    /// An instant from ISO 8601 text with a zone designator, `2026-03-29T01:30:00Z`.
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
                      _ second: Int = 0) -> LocalDateTime {
        LocalDateTime(date: LocalDate(year: year, month: month, day: day),
                      time: LocalTime(hour: hour, minute: minute, second: second))
    }

    static func time(_ hour: Int, _ minute: Int = 0) -> LocalTime {
        LocalTime(hour: hour, minute: minute)
    }

    /// The instants of `occurrences` as ISO 8601 UTC text, easy to compare in tables.
    static func utcTexts(_ occurrences: [Occurrence]) -> [String] {
        let formatter = ISO8601DateFormatter()
        return occurrences.map { formatter.string(from: $0.date) }
    }
}
