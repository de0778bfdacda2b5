import HeraldTestSupport
import Foundation
import Herald
import HeraldReport
import HeraldScenario
@testable import herald
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

    @Test func jsonIsPrintedAsJSONEncoderWouldAndEndsWithTheCutWhenStopped() throws {
        // Given 02:30 daily in Berlin from 28 March, stopped after 2 of its 3 days
        var listing = try makeListing("FREQ=DAILY;BYHOUR=2;BYMINUTE=30")
        listing.limit = 2

        // Then the JSON holds 28 March (CET), 29 March shifted to 03:30 CEST, and the cut
        let expected = """
            [
              {
                "local" : "2026-03-28T02:30",
                "offset" : "+01:00",
                "utc" : "2026-03-28T01:30:00Z"
              },
              {
                "local" : "2026-03-29T03:30",
                "offset" : "+02:00",
                "shifted_from" : "2026-03-29T02:30",
                "utc" : "2026-03-29T01:30:00Z"
              },
              {
                "limit" : 2,
                "truncated" : true
              }
            ]

            """
        #expect(listing.json() == expected)

        // And without the cut, byte for byte what JSONEncoder prints for those objects
        listing.days = 2
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let objects = [
            ["local": "2026-03-28T02:30", "offset": "+01:00", "utc": "2026-03-28T01:30:00Z"],
            ["local": "2026-03-29T03:30", "offset": "+02:00", "shifted_from": "2026-03-29T02:30", "utc": "2026-03-29T01:30:00Z"],
        ]
        #expect(listing.json() == String(decoding: try encoder.encode(objects), as: UTF8.self) + "\n")
        listing.days = 0
        #expect(listing.json() == "[]\n")
    }

    @Test func aFromDateInYearZeroIsBlamedOnFromNotOnADTSTART() {
        let error = #expect(throws: OccurrenceListingError.self) {
            try OccurrenceListing(rrule: "FREQ=DAILY", zone: "UTC", from: "0000-01-01", days: 1)
        }
        #expect(error?.code == .invalidDate)
        #expect(error?.message == "--from \"0000-01-01\" has year 0; dates need a year from 1 to 9999")
    }

    @Test func aListingThatWouldPassTheYear9999IsRefused() throws {
        // 5 days from 9999-12-30 would list 30 and 31 December, then 1 to 3 January 10000
        let error = #expect(throws: OccurrenceListingError.self) {
            try OccurrenceListing(rrule: "FREQ=DAILY", zone: "UTC", from: "9999-12-30", days: 5)
        }
        #expect(error?.code == .invalidDays)
        #expect(error?.message == "5 days from 9999-12-30 would list up to 10000-01-03; dates need a year from 1 to 9999 (at most 2 days from 9999-12-30)")

        // And the 2 days left list 9999's last two 09:00s
        let listing = try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=9", zone: "UTC", from: "9999-12-30", days: 2)
        #expect(listing.text() == """
            9999-12-30T09:00  9999-12-30T09:00:00Z
            9999-12-31T09:00  9999-12-31T09:00:00Z

            """)
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

    @Test func aCenturyOfMinutesStopsAtTheLimit() throws {
        // Given a minutely rule over a hundred years: 52,596,000 occurrences
        let listing = try OccurrenceListing(rrule: "FREQ=MINUTELY", zone: "Europe/Berlin", from: "2026-03-28",
                                            days: OccurrenceListing.maximumDays)

        // When it is listed
        var walls: [String] = []
        var ending: OccurrenceListing.Ending?
        let seconds = threadCPUSeconds { ending = listing.forEachListed { _, wall in walls.append(wall.description) } }

        // Then it stops after the default 1,000: 00:00 to 16:39 on 28 March, promptly
        #expect(ending == .stoppedAtLimit)
        #expect(walls.count == 1_000)
        #expect(walls.first == "2026-03-28T00:00" && walls.last == "2026-03-28T16:39")
        #expect(seconds < 2, "took \(seconds) s")
    }

    @Test func occurrencesAreHandedOverAsTheyAreFound() throws {
        // Given a minutely rule over a hundred years and the largest limit (a million)
        let listing = try OccurrenceListing(rrule: "FREQ=MINUTELY", zone: "UTC", from: "2026-01-01",
                                            days: OccurrenceListing.maximumDays, limit: OccurrenceListing.maximumLimit)
        struct Enough: Error {}

        // When the caller stops at the first occurrence
        var first: Date?
        let seconds = threadCPUSeconds {
            #expect(throws: Enough.self) {
                try listing.forEachListed { occurrence, _ in
                    first = occurrence.date
                    throw Enough()
                }
            }
        }

        // Then it had 2026-01-01T00:00Z at once: nothing was collected before it
        #expect(first == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(seconds < 0.5, "took \(seconds) s")
    }

    @Test func aLimitTheWindowReachesExactlyIsComplete() throws {
        // A daily rule over 3 days yields 3: a limit of 3 lists all, a limit of 2 stops
        var listing = try makeListing("FREQ=DAILY;BYHOUR=9")
        listing.limit = 3
        #expect(listing.forEachListed { _, _ in } == .complete)
        listing.limit = 2
        #expect(listing.forEachListed { _, _ in } == .stoppedAtLimit)
        #expect(listing.text() == """
            2026-03-28T09:00  2026-03-28T08:00:00Z
            2026-03-29T09:00  2026-03-29T07:00:00Z

            """)
    }

    @Test func aSparseRuleOverACenturyMatchesTheScheduleInOneCall() throws {
        // Given a listing of the last Friday of February and of August at 02:30 in Berlin
        // over a century (2026 to 2 January 2126): it is walked a stretch at a time
        let listing = try OccurrenceListing(rrule: "FREQ=YEARLY;BYMONTH=2,8;BYDAY=-1FR;BYHOUR=2;BYMINUTE=30",
                                            zone: "Europe/Berlin", from: "2026-01-01",
                                            days: OccurrenceListing.maximumDays)

        // Then it lists what one call over the whole window finds: two a year, 200
        let whole = listing.schedule.occurrences(after: listing.start.addingTimeInterval(-1), before: listing.end,
                                                 deviceZone: listing.zone)
        #expect(whole.count == 200)
        #expect(listing.occurrences() == whole)
    }

    @Test func aDenseRuleWalkedInStretchesMatchesTheScheduleInOneCall() throws {
        // Given every 7 minutes across the spring-forward and fall-back nights in New York
        // (8 March and 1 November 2026), from 1 March for 300 days, with the largest limit
        let listing = try OccurrenceListing(rrule: "FREQ=MINUTELY;INTERVAL=7", zone: "America/New_York",
                                            from: "2026-03-01", days: 300, limit: OccurrenceListing.maximumLimit)

        // Then it lists what one call over the whole window finds, stretch boundaries and
        // DST changes included: one in 7 of the 432,000 wall minutes of 300 days from
        // 00:00 (those in the hour skipped on 8 March fire an hour later, where none is
        // due, 60 not being a multiple of 7; those in the hour repeated on 1 November, once)
        let whole = listing.schedule.occurrences(after: listing.start.addingTimeInterval(-1), before: listing.end,
                                                 deviceZone: listing.zone)
        #expect(listing.occurrences() == whole)
        #expect(whole.count == (300 * 1_440 + 6) / 7)
    }

    @Test func aLimitOutsideItsRangeIsRefused() {
        for limit in [0, -1, OccurrenceListing.maximumLimit + 1] {
            let error = #expect(throws: OccurrenceListingError.self) {
                try OccurrenceListing(rrule: "FREQ=DAILY", zone: "UTC", from: "2026-01-01", days: 1, limit: limit)
            }
            #expect(error?.code == .invalidLimit)
            #expect(error?.message == "the limit must be 1...1000000 occurrences, got \(limit)")
        }
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
