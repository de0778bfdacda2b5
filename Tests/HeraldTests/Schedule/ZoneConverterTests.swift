import Foundation
import Testing
@testable import Herald

@Suite struct ZoneConverterTests {
    typealias F = ScheduleFixture

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var local: LocalDateTime
        var instant: String
        var exists: Bool
        var testDescription: String { "\(zone) \(local)" }
    }

    @Test(arguments: [
        // Spring forward: the local time minus the offset before the gap.
        Case(zone: "Europe/Berlin", local: F.local(2026, 3, 29, 2, 30), instant: "2026-03-29T01:30:00Z", exists: false),
        // Fall back: the first of the two.
        Case(zone: "Europe/Berlin", local: F.local(2026, 10, 25, 2, 30), instant: "2026-10-25T00:30:00Z", exists: true),
        Case(zone: "Europe/Berlin", local: F.local(2026, 10, 25, 3, 0), instant: "2026-10-25T02:00:00Z", exists: true),
        Case(zone: "America/New_York", local: F.local(2026, 3, 8, 2, 30), instant: "2026-03-08T07:30:00Z", exists: false),
        Case(zone: "America/New_York", local: F.local(2026, 11, 1, 1, 30), instant: "2026-11-01T05:30:00Z", exists: true),
        // Lord Howe moves by 30 minutes: 02:15 fires as 02:45.
        Case(zone: "Australia/Lord_Howe", local: F.local(2026, 10, 4, 2, 15), instant: "2026-10-03T15:45:00Z", exists: false),
        // Havana springs forward at midnight: 00:30 does not exist.
        Case(zone: "America/Havana", local: F.local(2026, 3, 8, 0, 30), instant: "2026-03-08T05:30:00Z", exists: false),
        // Apia skipped 2011-12-30 entirely: 09:00 that day is shown as Dec 31 09:00.
        Case(zone: "Pacific/Apia", local: F.local(2011, 12, 30, 9), instant: "2011-12-30T19:00:00Z", exists: false),
        Case(zone: "Pacific/Apia", local: F.local(2011, 12, 31, 9), instant: "2011-12-30T19:00:00Z", exists: true),
        Case(zone: "Asia/Kolkata", local: F.local(2026, 7, 1, 9), instant: "2026-07-01T03:30:00Z", exists: true),
        Case(zone: "UTC", local: F.local(2026, 7, 1, 9), instant: "2026-07-01T09:00:00Z", exists: true),
        // Beyond the precomputed table the zone is asked directly.
        Case(zone: "Europe/Berlin", local: F.local(2150, 3, 29, 2, 30), instant: "2150-03-29T01:30:00Z", exists: false),
        Case(zone: "Europe/Berlin", local: F.local(2150, 7, 1, 12), instant: "2150-07-01T10:00:00Z", exists: true),
        // Far years are read a century at a time: EU summer time from the last Sunday of
        // March (5000-03-30, 9999-03-28 by the calendar) at 01:00 UTC.
        Case(zone: "Europe/Berlin", local: F.local(5000, 3, 30, 2, 30), instant: "5000-03-30T01:30:00Z", exists: false),
        Case(zone: "Europe/Berlin", local: F.local(5000, 7, 1, 12), instant: "5000-07-01T10:00:00Z", exists: true),
        Case(zone: "Europe/Berlin", local: F.local(9999, 3, 28, 2, 30), instant: "9999-03-28T01:30:00Z", exists: false),
        Case(zone: "Europe/Berlin", local: F.local(9999, 7, 1, 12), instant: "9999-07-01T10:00:00Z", exists: true),
        Case(zone: "Europe/Berlin", local: F.local(9999, 12, 31, 23, 59), instant: "9999-12-31T22:59:00Z", exists: true),
        Case(zone: "America/New_York", local: F.local(4001, 1, 1, 12), instant: "4001-01-01T17:00:00Z", exists: true),
    ])
    func convertsLocalToInstant(_ given: Case) {
        let converter = ZoneConverter.for(F.zone(given.zone))

        let (date, exists) = converter.instant(for: given.local)

        #expect(date == F.instant(given.instant))
        #expect(exists == given.exists)
        if exists { #expect(converter.local(for: date) == given.local) }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Havana", "Pacific/Apia",
                      "America/Santiago", "Pacific/Chatham", "Asia/Kolkata", "UTC"])
    func localMatchesCalendarHourByHour(_ identifier: String) {
        let zone = F.zone(identifier)
        let converter = ZoneConverter.for(zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = F.instant("2011-01-01T00:00:00Z")

        for hour in stride(from: 0, to: 2 * 366 * 24, by: 7) {
            let date = start.addingTimeInterval(TimeInterval(hour * 3600 + 1234))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)

            #expect(converter.local(for: date) == F.local(parts.year!, parts.month!, parts.day!, parts.hour!,
                                                           parts.minute!, parts.second!))
        }
    }

    @Test func cachesOneConverterPerZone() {
        let first = ZoneConverter.for(F.zone("Europe/Berlin"))
        let second = ZoneConverter.for(F.zone("Europe/Berlin"))

        #expect(first === second)
        #expect(first.zone == F.zone("Europe/Berlin"))
    }
}
