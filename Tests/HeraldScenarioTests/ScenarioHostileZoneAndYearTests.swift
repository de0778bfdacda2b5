import Foundation
import Herald
@testable import HeraldScenario
import Testing

/// Hostile zones, far years and rules that fire every minute in scenario files: each
/// is refused at a line and column or played right, with work bounded by the budget.
struct ScenarioHostileZoneAndYearTests {
    /// A scenario in Berlin from `start`, one entity whose rules are `rules` (line 10 on).
    static func scenario(start: String = "2026-11-21T08:00", days: Int = 1, planner: String = "",
                         rules: String) -> String {
        """
        name: Test
        zone: Europe/Berlin
        start: \(start)
        days: \(days)
        \(planner.isEmpty ? "planner: {}" : planner)
        entities:
          - id: a
            title: A
            rules:
        \(rules)
        """
    }

    @Test func aZoneEndingInNULIsRefusedWhereverItIsWritten() throws {
        // YAML's "\0" is a NUL: Foundation reads "Europe/Berlin\0" as a zone at UTC+0
        let device = ScenarioFixtures.header.replacingOccurrences(of: "zone: Europe/Berlin", with: "zone: \"Europe/Berlin\\0\"")
            + "entities: []\n"
        let error = try #require(parseError(device))
        #expect(error.code == .invalidValue)
        #expect((error.line, error.column) == (2, 7))

        let pinned = Self.scenario(rules: "      - {id: r, daily: [\"09:00\"], zone: \"Europe/Berlin\\0\"}")
        let pinnedError = try #require(parseError(pinned))
        #expect(pinnedError.code == .invalidValue)
        // Line 10: `      - {id: r, daily: ["09:00"], zone: ` is 6 + 2 + 8 + 18 + 6 = 40 characters
        #expect((pinnedError.line, pinnedError.column) == (10, 41))

        // A zone of 100,000 characters is echoed as its first 40 and its size
        let long = Self.scenario(rules: "      - {id: r, daily: [\"09:00\"], zone: \(String(repeating: "Z", count: 100_000))}")
        let longError = try #require(parseError(long))
        #expect((longError.line, longError.column) == (10, 41))
        #expect(longError.message == "\"\(String(repeating: "Z", count: 40))…\" (100000 bytes) is not a known time zone (expected an IANA id such as Europe/Berlin)")

        let tzid = Self.scenario(rules: "      - {id: r, rrule: \"DTSTART;TZID=Europe/Berlin\\0:20261121T090000\\nRRULE:FREQ=DAILY\"}")
        let tzidError = try #require(parseError(tzid))
        #expect(tzidError.code == .invalidSchedule)
        #expect((tzidError.line, tzidError.column) == (10, 24))
        #expect(tzidError.scheduleError?.position == 9)
        #expect(tzidError.message.contains("'Europe/Berlin\\0'"), "\(tzidError)")

        let travel = Self.scenario(rules: "      - {id: r, daily: [\"09:00\"]}")
            + "\nevents:\n  - {at: 2026-11-21T09:00, zone: \"Asia/Tokyo\\0\"}\n"
        let travelError = try #require(parseError(travel))
        #expect(travelError.code == .invalidValue)
        // Line 12: `  - {at: 2026-11-21T09:00, zone: ` is 2 + 2 + 23 + 6 = 33 characters
        #expect((travelError.line, travelError.column) == (12, 34))
    }

    @Test func aHundredKilobytePartIsEchoedShort() throws {
        let part = String(repeating: "X", count: 100_000)
        let yaml = Self.scenario(rules: "      - {id: r, rrule: \"FREQ=DAILY;\(part)=1\"}")

        let error = try #require(parseError(yaml))

        // "FREQ=DAILY;" is 11 characters: the part is at 12
        #expect(error.code == .invalidSchedule)
        #expect((error.line, error.column) == (10, 24))
        #expect(error.scheduleError?.position == 12)
        #expect("\(error)".count < 300, "\("\(error)".prefix(400))")
    }

    @Test(.timeLimit(.minutes(10)))
    func ruleInTheYear5000IsDelivered() async throws {
        // Given an hourly rule at :30 in July 5000 (beyond 4001-01-01, Date.distantFuture)
        let yaml = Self.scenario(start: "5000-07-01T08:00", rules: "      - {id: r, rrule: \"FREQ=HOURLY;BYMINUTE=30\"}")

        // When it plays one day from 08:00
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: yaml)).run()

        // Then it fires at 08:30, 09:30, ... and 07:30 the next morning: 24 times, the
        // first at 06:30 UTC (Berlin keeps summer time in July: UTC+2)
        #expect(result.deliveries.count == 24)
        let first = try #require(result.deliveries.first)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let expected = utc.date(from: DateComponents(year: 5000, month: 7, day: 1, hour: 6, minute: 30))!
        #expect(first.date == expected)
    }

    @Test func aRunEndingAfter9999IsRefusedAtItsDays() throws {
        // A run of one day from 9999-12-31T08:00 would end in the year 10000
        let yaml = Self.scenario(start: "9999-12-31T08:00", rules: "      - {id: r, daily: [\"09:00\"]}")

        let error = try #require(parseError(yaml))

        #expect(error.code == .invalidValue)
        #expect((error.line, error.column) == (4, 7))
        #expect(error.message.contains("10000-01-01T08:00"), "\(error)")

        // And one day from 9999-12-30 plays to 9999-12-31 (no error)
        #expect(parseError(Self.scenario(start: "9999-12-30T08:00", rules: "      - {id: r, daily: [\"09:00\"]}")) == nil)
    }

    @Test(.timeLimit(.minutes(10)))
    func threeMinutelyRulesOverAYearsHorizonCutAtMostAThousand() async throws {
        // Given three rules firing every minute and a 366-day horizon: 3 × 527,040
        // occurrences (a million and a half), of which 64 fit the center
        let rules = ["a", "b", "c"].map { "      - {id: \($0), rrule: \"FREQ=MINUTELY\"}" }.joined(separator: "\n")
        let yaml = Self.scenario(planner: "planner: {horizon_days: 366}", rules: rules)

        // When it plays a day (the app plans once, at the start)
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: yaml)).run()

        // Then the cuts are counted and listed up to 1,000 and marked as more: the
        // listing stops there instead of walking the horizon's occurrences
        #expect(result.summary.cuts == ScenarioCheckpoint.PlanCoverage.countedCuts)
        #expect(result.summary.cutList.count == 1_000)
        #expect(result.summary.moreCuts)
    }

    @Test func untilBeforeDTSTARTIsAWarningAtTheRule() throws {
        // Given an RRULE that ends before it starts, on line 10 at column 24
        let yaml = Self.scenario(rules: "      - {id: r, rrule: \"DTSTART:20261121T090000\\nRRULE:FREQ=DAILY;UNTIL=20260101T000000\"}")
        let scenario = try Scenario(yaml: yaml, file: "until.yaml")

        // When its rules are checked
        let findings = ScenarioCheck(scenario: scenario).endFindings()

        // Then one warning says so, at the rule's schedule
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.kind == .endsBeforeStart)
        #expect(finding.subject == "habit/a/r")
        #expect(finding.message == "UNTIL 2026-01-01T00:00 is before DTSTART 2026-11-21T09:00: the rule never fires")
        #expect(finding.location == ScenarioLocation(file: "until.yaml", line: 10, column: 24, field: "entities[0].rules[0].rrule"))

        // And an UNTIL after DTSTART is not
        let fine = Self.scenario(rules: "      - {id: r, rrule: \"DTSTART:20261121T090000\\nRRULE:FREQ=DAILY;UNTIL=20261201T000000\"}")
        #expect(ScenarioCheck(scenario: try Scenario(yaml: fine)).endFindings().isEmpty)
    }

    /// Hostile values put into habits.yaml: its zone (line 6, value at column 7) and its
    /// `evening` rule's RRULE (line 39, value at column 30: 6 + 2 + 14 + 7 characters before it).
    static let hostileZones = ["\"Europe/Berlin\\0\"", "America/Los Angeles", "\"Europe/Berlin\\u001B[2J\"",
                               String(repeating: "Europe/", count: 20_000) + "Berlin"]
    static let hostileRRULEs = ["DTSTART;TZID=Europe/Berlin\\0:20261121T090000\\nRRULE:FREQ=DAILY",
                                "DTSTART;TZID=America/Los Angeles:20261121T090000\\nRRULE:FREQ=DAILY",
                                "DTSTART;TZID=Europe/Berlin;TZID=Asia/Tokyo:20261121T090000\\nRRULE:FREQ=DAILY",
                                "FREQ=DAILY;" + String(repeating: "X", count: 100_000) + "=1",
                                "FREQ=DAILY;BYDAY=" + String(repeating: "MO", count: 50_000)]

    @Test func hostileZonesAndRRULEsInAnExampleAreRefusedAtTheirValue() throws {
        let original = try String(contentsOf: ScenarioFixtures.examples.appendingPathComponent("habits.yaml"), encoding: .utf8)
        for zone in Self.hostileZones {
            let yaml = original.replacingOccurrences(of: "zone: Europe/Berlin\n", with: "zone: \(zone)\n")
            let error = try #require(parseError(yaml), "\(zone.prefix(60))")
            #expect((error.line, error.column) == (6, 7), "\(error)")
            #expect("\(error)".count < 300, "\("\(error)".prefix(400))")
        }
        for rrule in Self.hostileRRULEs {
            let yaml = original.replacingOccurrences(of: "FREQ=DAILY;BYHOUR=21;BYMINUTE=30", with: rrule)
            let error = try #require(parseError(yaml), "\(rrule.prefix(60))")
            #expect(error.code == .invalidSchedule, "\(error)")
            #expect((error.line, error.column) == (39, 30), "\(error)")
            #expect("\(error)".count < 300, "\("\(error)".prefix(400))")
        }
    }
}
