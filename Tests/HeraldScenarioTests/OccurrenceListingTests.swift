import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

struct OccurrenceListingTests {
    func makeListing(_ rrule: String, from: String = "2026-03-28", days: Int = 3) throws -> OccurrenceListing {
        try OccurrenceListing(rrule: rrule, zone: "Europe/Berlin", from: from, days: days)
    }

    @Test func showsTheDSTShiftInUTC() throws {
        let listing = try makeListing("FREQ=DAILY;BYHOUR=9;BYMINUTE=0")

        #expect(listing.text() == """
            2026-03-28T09:00  2026-03-28T08:00:00Z
            2026-03-29T09:00  2026-03-29T07:00:00Z
            2026-03-30T09:00  2026-03-30T07:00:00Z

            """)
    }

    @Test func aTimeInTheSpringForwardGapShowsTheWallTimeItFiresAtAndSaysItWasShifted() throws {
        // Berlin skips 02:00–03:00 on 2026-03-29: 02:30 fires at 03:30 CEST (01:30 UTC)
        let listing = try makeListing("FREQ=DAILY;BYHOUR=2;BYMINUTE=30")

        #expect(listing.text() == """
            2026-03-28T02:30  2026-03-28T01:30:00Z
            2026-03-29T03:30  2026-03-29T01:30:00Z  (02:30 does not exist: shifted)
            2026-03-30T02:30  2026-03-30T00:30:00Z

            """)
        let json = try JSONSerialization.jsonObject(with: Data(listing.json().utf8)) as? [[String: String]]
        #expect(json?[1] == ["local": "2026-03-29T03:30", "shifted_from": "2026-03-29T02:30",
                             "offset": "+02:00", "utc": "2026-03-29T01:30:00Z"])
        #expect(json?[0]["shifted_from"] == nil)
    }

    @Test func aFromDateInYearZeroIsBlamedOnFromNotOnADTSTART() {
        let error = #expect(throws: OccurrenceListingError.self) {
            try OccurrenceListing(rrule: "FREQ=DAILY", zone: "UTC", from: "0000-01-01", days: 1)
        }
        #expect(error?.code == .invalidDate)
        #expect(error?.message == "--from \"0000-01-01\" has year 0; dates need a year from 1 to 9999")
    }

    @Test func readsTheFullTextWithExclusionsAndExtraTimes() throws {
        // Every other weekend from Saturday 28 March, but not Sunday 29, and Monday 30 at noon besides
        let listing = try makeListing("DTSTART:20260328T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU\nEXDATE:20260329T090000\nRDATE:20260330T120000")

        #expect(listing.text() == """
            2026-03-28T09:00  2026-03-28T08:00:00Z
            2026-03-30T12:00  2026-03-30T10:00:00Z

            """)
    }

    @Test func ruleWithoutDTSTARTStartsAtFromMidnight() throws {
        // Every 2 days counts from --from, and the time of day defaults to 00:00
        let listing = try makeListing("FREQ=DAILY;INTERVAL=2", days: 5)
        #expect(listing.occurrences().map(\.local.description)
            == ["2026-03-28T00:00", "2026-03-30T00:00", "2026-04-01T00:00"])
    }

    struct BadCase: Sendable {
        var rrule: String
        var zone: String
        var from: String
        var code: OccurrenceListingError.Code
        var mentions: String
    }

    @Test(arguments: [
        BadCase(rrule: "FREQ=DAILY;BYHOUR=25", zone: "Europe/Berlin", from: "2026-03-28", code: .invalidRule,
                mentions: "BYHOUR at position 12"),
        BadCase(rrule: "DTSTART:20260328T090000\nRRULE:FREQ=SECONDLY", zone: "Europe/Berlin", from: "2026-03-28",
                code: .invalidRule, mentions: "FREQ at position"),
        BadCase(rrule: "FREQ=DAILY", zone: "Mars/Base", from: "2026-03-28", code: .unknownZone,
                mentions: "unknown time zone \"Mars/Base\""),
        BadCase(rrule: "FREQ=DAILY", zone: "Europe/Berlin", from: "2026-02-30", code: .invalidDate,
                mentions: "is not a date"),
    ])
    func reportsBadInput(_ badCase: BadCase) throws {
        #expect {
            _ = try OccurrenceListing(rrule: badCase.rrule, zone: badCase.zone, from: badCase.from, days: 3)
        } throws: { error in
            guard let error = error as? OccurrenceListingError else { return false }
            return error.code == badCase.code && error.description.contains(badCase.mentions)
        }
    }
}
