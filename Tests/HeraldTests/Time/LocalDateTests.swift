import Testing
@testable import Herald

@Suite struct LocalDateTests {
    @Test(arguments: [("2026-11-21", LocalDate(year: 2026, month: 11, day: 21)), ("20240229", LocalDate(year: 2024, month: 2, day: 29)),
                      ("0001-01-01", LocalDate(year: 1, month: 1, day: 1))])
    func parsesBothForms(text: String, expected: LocalDate) {
        #expect(LocalDate(iso8601: text) == expected)
        #expect(LocalDate(iso8601: expected.description) == expected)
    }

    @Test(arguments: ["", "2026-11-2", "2026-1121", "202611-21", "2026-13-01", "2026-02-30", "2025-02-29", "2026/11/21",
                      "2026-11-21T", "+026-11-21", "２０２６-11-21", "2026--11-21", "20261121-", "2026-11-210"])
    func rejectsMalformedAndImpossibleDates(text: String) {
        #expect(LocalDate(iso8601: text) == nil)
    }

    @Test(arguments: [
        ("20261121T0900", LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21), time: LocalTime(hour: 9, minute: 0))),
        ("20240229T235959", LocalDateTime(date: LocalDate(year: 2024, month: 2, day: 29),
                                          time: LocalTime(hour: 23, minute: 59, second: 59))),
        ("2026-11-21T09:05", LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21), time: LocalTime(hour: 9, minute: 5))),
        ("2026-11-21T09:05:30", LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21),
                                              time: LocalTime(hour: 9, minute: 5, second: 30))),
    ])
    func dateTimesParseInBothForms(text: String, expected: LocalDateTime) {
        #expect(LocalDateTime(parsing: text) == expected)
        #expect(LocalDateTime(parsing: Substring(text)) == expected)
    }

    @Test(arguments: ["20261121T2400", "20261121T0960", "20251301T0900", "20250229T0900", "20261121X0900", "20261121T09001",
                      "2026112T0900", "20261121T09a0", "20261121T090060", "", "T", "20261121T"])
    func malformedDateTimesAreRefused(_ text: String) {
        #expect(LocalDateTime(parsing: text) == nil)
    }

    @Test func dayNumbersRoundTripOverFourCenturies() {
        for days in stride(from: -200_000, through: 200_000, by: 97) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.isValid)
            #expect(date.daysSinceEpoch == days)
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(LocalDate(year: 2026, month: 11, day: 21).weekday == .saturday)
    }
}
