import Foundation
import Testing

/// `herald occurrences` over long spans: up to a hundred years, bounded by `--limit`
/// (1,000 unless told) rather than by the span, streamed, and saying when it stopped at
/// the limit.
struct HeraldCommandOccurrencesSpanTests {
    func run(_ arguments: [String]) async throws -> HeraldCommandLimitTests.Execution {
        try await HeraldCommandLimitTests().makeExecution(arguments)
    }

    @Test func threeYearsOfAYearlyRuleOnTheFallBackSundayInNewYork() async throws {
        // When the first Sunday of November at 01:30 is listed for 1,100 days from
        // 1 January 2026 (to 4 January 2029, before the fourth such Sunday)
        let run = try await run([
            "occurrences", "DTSTART:20261101T013000\\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
            "--zone", "America/New_York", "--from", "2026-01-01", "--days", "1100",
        ])

        // Then it lists the three Sundays New York falls back on: 1 November 2026,
        // 7 November 2027, 5 November 2028. 01:30 happens twice those nights and fires
        // once, at the first, still daylight time (EDT, UTC-4): 05:30 UTC
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-01T01:30  2026-11-01T05:30:00Z
            2027-11-07T01:30  2027-11-07T05:30:00Z
            2028-11-05T01:30  2028-11-05T05:30:00Z

            """)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func aMinutelyRuleOverAHundredYearsStopsAtTheLimitAndSaysSo() async throws {
        // Given a rule that fires 52,596,000 times in 36,525 days (1,440 a day)
        let arguments = ["occurrences", "FREQ=MINUTELY", "--zone", "UTC", "--from", "2026-01-01", "--days", "36525"]

        // When it is listed with the default limit
        let run = try await run(arguments)

        // Then it prints the first 1,000 minutes of 1 January 2026, 00:00 to 16:39
        // (999 minutes after midnight), and says on standard error why it stopped
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1_000)
        #expect(lines.first == "2026-01-01T00:00  2026-01-01T00:00:00Z")
        #expect(lines.last == "2026-01-01T16:39  2026-01-01T16:39:00Z")
        #expect(run.stderr == "stopped at the limit of 1000 occurrences; pass --limit to list more (up to 1000000)\n")
    }

    @Test func limitChangesWhereTheListingStops() async throws {
        // When the same century of minutes is listed with --limit 3, as JSON
        let run = try await run(["occurrences", "FREQ=MINUTELY", "--zone", "Europe/Berlin", "--from", "2026-07-01",
                                 "--days", "36525", "--limit", "3", "--json"])

        // Then the array holds 00:00, 00:01 and 00:02 in Berlin's summer time (UTC+2: 22:00
        // UTC the day before), then the record saying it was cut, and stays valid JSON
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 4)
        #expect(array.prefix(3).compactMap { $0["utc"] as? String }
            == ["2026-06-30T22:00:00Z", "2026-06-30T22:01:00Z", "2026-06-30T22:02:00Z"])
        #expect(array.prefix(3).compactMap { $0["local"] as? String }
            == ["2026-07-01T00:00", "2026-07-01T00:01", "2026-07-01T00:02"])
        #expect(array.last?["truncated"] as? Bool == true)
        #expect(array.last?["limit"] as? Int == 3)
        #expect(array.last?["utc"] == nil)
        #expect(run.stderr == "stopped at the limit of 3 occurrences; pass --limit to list more (up to 1000000)\n")
    }

    @Test func aListingThatEndsBeforeTheLimitSaysNothingMore() async throws {
        // When a daily rule is listed for exactly as many days as the limit, as JSON
        let run = try await run(["occurrences", "FREQ=DAILY;BYHOUR=9", "--zone", "UTC", "--from", "2026-01-01",
                                 "--days", "5", "--limit", "5", "--json"])

        // Then the array holds the five mornings and no record of a cut
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["utc"] as? String } == (1...5).map { "2026-01-0\($0)T09:00:00Z" })
        #expect(array.allSatisfy { $0["truncated"] == nil })
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func aCenturyOfAYearlyRuleIsListedWhole() async throws {
        // When the first Sunday of November at 09:00 is listed for the longest span: from
        // 1 January 2026 for 36,525 days, to 2 January 2126 (2026–2125 hold 24 leap days;
        // 2100 is not a leap year)
        let run = try await run(["occurrences", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU;BYHOUR=9", "--zone", "UTC",
                                 "--from", "2026-01-01", "--days", "36525"])

        // Then it lists one a year, 2026 to 2125, the last on 4 November 2125, and does not
        // stop at the limit
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 100)
        #expect(lines.first == "2026-11-01T09:00  2026-11-01T09:00:00Z")
        #expect(lines.last == "2125-11-04T09:00  2125-11-04T09:00:00Z")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func anEmptyCenturySaysSo() async throws {
        // When a rule that ended in 2020 is listed for a century from 2026
        let run = try await run(["occurrences", "DTSTART:20200101T090000\\nRRULE:FREQ=DAILY;UNTIL=20201231T090000",
                                 "--zone", "Europe/Berlin", "--from", "2026-01-01", "--days", "36525"])

        // Then it says there are none, at once
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "no occurrences in 36525 day(s) from 2026-01-01 in Europe/Berlin\n")
    }
}
