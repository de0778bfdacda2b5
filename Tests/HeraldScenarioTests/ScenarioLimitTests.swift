import HeraldTestSupport
import Foundation
import Herald
import HeraldScenario
@testable import herald
import Testing

/// Hostile scenario files are refused at a line and column, and what a file can make
/// the parser and the runner do stays bounded.
struct ScenarioLimitTests {
    /// The standard header and one entity whose rules start on line 8.
    static let entityHeader = ScenarioFixtures.header + """
        entities:
          - id: a
            title: A
            rules:

        """

    @Test func anRRULEWithAnOverflowingIntervalIsRefusedAtItsLine() throws {
        // Given a rule whose INTERVAL × 60 does not fit an Int
        let yaml = Self.entityHeader + "      - {id: r, rrule: \"FREQ=HOURLY;INTERVAL=153722867280912931\"}\n"

        // When it is parsed
        let error = try #require(parseError(yaml))

        // Then the rule's line names the part and its position
        #expect(error.code == .invalidSchedule)
        #expect((error.line, error.column) == (8, 24))
        #expect(error.scheduleError?.field == "INTERVAL")
        #expect(error.scheduleError?.position == 13)
        #expect(error.scheduleError?.code == .outOfRange)
    }

    @Test func aRunnerRefusesMoreThanAYear() async throws {
        // Given a runner asked for 10¹⁵ days (whose end does not fit a date)
        let runner = ScenarioRunner(scenario: try makeExample("habits.yaml"), days: 1_000_000_000_000_000)

        // When it plays, then it refuses before anything runs
        await #expect {
            try await runner.run()
        } throws: { error in
            (error as? ScenarioError).map { $0.code == .invalidValue && $0.message.contains("1...366 days") } ?? false
        }
    }

    @Test func aListingRefusesMoreThanACenturyAndNeverTraps() throws {
        // When a listing is asked for 36,526 days (a hundred years and a day), it is refused
        #expect(throws: OccurrenceListingError.self) {
            try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=9", zone: "UTC", from: "2026-01-01", days: 36_526)
        }

        // And one built directly with Int.max days and an Int.max limit lists at most
        // 36,525 days: one occurrence each
        let schedule = try Schedule(rrule: "FREQ=DAILY;BYHOUR=9;BYMINUTE=0")
        let listing = OccurrenceListing(schedule: schedule, zone: TimeZone(identifier: "UTC")!,
                                        from: LocalDate(year: 2026, month: 1, day: 1), days: .max, limit: .max)
        #expect(listing.occurrences().count == 36_525)

        // And with a limit of Int.min, one
        var one = listing
        one.limit = .min
        #expect(one.occurrences().count == 1)
    }

    @Test func aClockSetACenturyBackIsRefusedAtItsLine() throws {
        // Given a clock event that sets the clock back 100 years
        let yaml = ScenarioFixtures.header + """
            days: 366
            events:
              - {at: 2026-11-21T09:00, clock: 1926-11-21T09:00}

            """

        // When it is parsed
        let error = try #require(parseError(yaml))

        // Then the clock value is refused: 36,525 days back is more than 366
        #expect(error.code == .invalidValue)
        #expect((error.line, error.column) == (6, 35))
        #expect(error.field == "events[0].clock")
        #expect(error.message.contains("36525 days"), "\(error)")
    }

    @Test func clockSetBacksAddUp() throws {
        // Given two clock events each 200 days back (400 in all), and one of 366 days alone
        let twice = ScenarioFixtures.header + """
            days: 366
            events:
              - {at: 2026-11-21T09:00, clock: 2026-05-05T09:00}
              - {at: 2026-05-05T10:00, clock: 2025-10-17T10:00}

            """
        let yearBack = ScenarioFixtures.header + """
            days: 2
            events:
              - {at: 2026-11-21T09:00, clock: 2025-11-20T09:00}

            """

        // Then the second of the two is refused, and a year back alone is not
        let error = try #require(parseError(twice))
        #expect(error.field == "events[1].clock")
        #expect(error.message.contains("400 days"), "\(error)")
        #expect(parseError(yearBack) == nil)
    }

    @Test(.timeLimit(.minutes(10)))
    func aRunnerRefusesACenturyBackBuiltInCode() async throws {
        // Given a scenario built in code whose clock event goes 100 years back
        var scenario = try makeScenario(body: "days: 2\n")
        let location = ScenarioLocation(file: "code", line: 7, column: 3, field: "events[0]")
        scenario.events = [ScenarioEvent(at: LocalDateTime(parsing: "2026-11-21T09:00")!,
                                         action: .clock(LocalDateTime(parsing: "1926-11-21T09:00")!), location: location)]

        // When it runs, then it is refused at the event before anything is replayed
        await #expect {
            try await ScenarioRunner(scenario: scenario).run()
        } throws: { error in
            (error as? ScenarioError).map { $0.code == .invalidValue && $0.line == 7 && $0.message.contains("36525 days") } ?? false
        }
    }

    /// A scenario of `count` entities, one rule each, and an event naming the last one.
    static func makeManyEntities(_ count: Int) -> String {
        var yaml = ScenarioFixtures.header + "entities:\n"
        for index in 0..<count {
            yaml += "  - {id: e\(index), title: E\(index), rules: [{id: r, daily: [\"09:00\"]}]}\n"
        }
        return yaml + "events:\n  - {at: 2026-11-21T09:00, pause: e\(count - 1)}\n"
    }

    @Test func eightThousandEntitiesParseInLinearTime() throws {
        // Given 8,000 entities (20 s in a debug build when each was compared with all before it)
        let yaml = Self.makeManyEntities(8_000)

        // When it is parsed
        var scenario: Scenario?
        let seconds = try threadCPUSeconds { scenario = try Scenario(yaml: yaml, file: "many.yaml") }

        // Then every entity is read, in a time that grows with the file (1.3 s in a debug build)
        #expect(scenario?.entities.count == 8_000)
        #expect(seconds < 6, "took \(seconds) s")
    }

    @Test(.timeLimit(.minutes(10)))
    func aliasesThatExpandToAMillionRulesAreRefused() throws {
        // Given a 66 KB file whose alias puts the same 1,000 rules into 1,000 entities
        let rules = (0..<1_000).map { "{id: r\($0), daily: [\"09:00\"]}" }.joined(separator: ", ")
        var yaml = ScenarioFixtures.header + "entities:\n  - {id: e0, title: E, rules: &r [\(rules)]}\n"
        for index in 1..<1_000 { yaml += "  - {id: e\(index), title: E, rules: *r}\n" }

        // When it is parsed
        let error = try #require(parseError(yaml))

        // Then it is refused as too large before the rules are read, at the entity whose
        // alias crosses 200,000 nodes: each entity counts 6,007 (its mapping, 3 keys, 2
        // values, the list, 1,000 rules of 6), after the root, its key "entities" and the
        // list: 3 + 33 × 6,007 = 198,234, so the 34th entity (e33, line 38) crosses it
        #expect(error.code == .tooLarge)
        #expect((error.line, error.column) == (38, 5))
        #expect(error.message.contains("more than 200000 YAML nodes"), "\(error)")
    }
}
