import Foundation
import Herald
import HeraldScenario
import Testing

/// `zone`, `clock` and `complete: {entity, at}` events: how they read and where bad
/// ones are reported.
struct ScenarioTimeParserTests {
    @Test func readsZoneClockAndCompletionTimes() throws {
        // Given a clock set back, a completion done earlier, and a flight to Tokyo
        let scenario = try makeScenario(body: """
            days: 2
            entities: [{id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T10:00, clock: 2026-11-21T09:00}
              - {at: 2026-11-21T09:30, complete: {entity: a, at: 2026-11-21T08:45}}
              - {at: 2026-11-21T20:00, complete: {entity: a, at: 2026-11-20T21:00, day: 2026-11-20}}
              - {at: 2026-11-22T01:00, zone: Asia/Tokyo}
              - {at: 2026-11-22T09:30, complete: a}

            """)

        // Then each event says what it is, and the events after the zone change read in Tokyo time
        let a = EntityReference(namespace: "habit", id: "a")
        #expect(scenario.events.map(\.action) == [
            .clock(LocalDateTime(parsing: "2026-11-21T09:00")!),
            .complete(a, day: nil, at: LocalDateTime(parsing: "2026-11-21T08:45")),
            .complete(a, day: LocalDate(year: 2026, month: 11, day: 20), at: LocalDateTime(parsing: "2026-11-20T21:00")),
            .zone(TimeZone(identifier: "Asia/Tokyo")!),
            .complete(a, day: nil),
        ])
        #expect(scenario.events.map(\.action.kind) == ["clock", "complete", "complete", "zone", "complete"])
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var events: String
        var line: Int
        var column: Int
        var field: String
        var code: ScenarioError.Code
        var mentions: String
        var testDescription: String { mentions }
    }

    /// Events of a one-day scenario (start 2026-11-21T08:00 Berlin); the first event is on line 6.
    static let badInputs: [BadInput] = [
        BadInput(events: "  - {at: 2026-11-21T09:00, zone: Mars/Base}", line: 6, column: 34, field: "events[0].zone",
                 code: .invalidValue, mentions: "is not a known time zone"),
        BadInput(events: "  - {at: 2026-11-21T09:00, clock: 2026-11-21T25:00}", line: 6, column: 35,
                 field: "events[0].clock", code: .invalidValue, mentions: "2026-11-21T25:00"),
        BadInput(events: "  - {at: 2026-11-21T09:00, clock: 2026-11-22T08:00}", line: 6, column: 35,
                 field: "events[0].clock", code: .outOfOrder, mentions: "is not before the end of the run at 2026-11-22T08:00"),
        BadInput(events: """
              - {at: 2026-11-21T10:00, clock: 2026-11-21T09:00}
              - {at: 2026-11-21T08:59, complete: a}
            """, line: 7, column: 10, field: "events[1].at", code: .outOfOrder,
                 mentions: "2026-11-21T08:59 is before the time the clock was set to at 2026-11-21T09:00"),
        BadInput(events: """
              - {at: 2026-11-21T10:00, zone: America/New_York}
              - {at: 2026-11-21T03:00, complete: a}
            """, line: 7, column: 10, field: "events[1].at", code: .outOfOrder,
                 mentions: "2026-11-21T03:00 is before the previous event at 2026-11-21T10:00 (2026-11-21T04:00 in America/New_York)"),
        BadInput(events: """
              - {at: 2026-11-21T10:00, zone: Asia/Tokyo}
              - {at: 2026-11-22T16:00, complete: a}
            """, line: 7, column: 10, field: "events[1].at", code: .outOfOrder,
                 mentions: "is not before the end of the run at 2026-11-22T08:00 in Europe/Berlin (2026-11-22T16:00 in Asia/Tokyo)"),
        BadInput(events: "  - {at: 2026-11-21T09:00, complete: {entity: a, at: 2026-11-21T09:30}}", line: 6, column: 54,
                 field: "events[0].complete.at", code: .outOfOrder, mentions: "is after the event at 2026-11-21T09:00"),
        BadInput(events: "  - {at: 2026-11-21T09:00, complete: {entity: a, when: 2026-11-21T08:30}}", line: 6, column: 50,
                 field: "events[0].complete.when", code: .unknownKey, mentions: "when"),
        BadInput(events: "  - {at: 2026-11-21T09:00, complete: {at: 2026-11-21T08:30}}", line: 6, column: 38,
                 field: "events[0].complete.entity", code: .missingKey, mentions: "entity"),
        BadInput(events: "  - {at: 2026-11-21T09:00, complete: {entity: b}}", line: 6, column: 47,
                 field: "events[0].complete.entity", code: .unknownEntity, mentions: "no entity \"b\""),
        BadInput(events: "  - {at: 2026-11-21T09:00, day: 2026-11-21, complete: {entity: a, day: 2026-11-20}}", line: 6,
                 column: 72, field: "events[0].complete.day", code: .duplicate, mentions: "the day is given twice"),
    ]

    @Test(arguments: badInputs)
    func reportsWhereAndWhatForBadTimeEvents(_ input: BadInput) throws {
        let error = try #require(parseError(ScenarioFixtures.header + """
            entities: [{id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}]
            events:
            \(input.events)

            """))

        #expect(error.code == input.code, "\(error)")
        #expect(error.field == input.field, "\(error)")
        #expect((error.line, error.column) == (input.line, input.column), "\(error)")
        #expect(error.message.contains(input.mentions), "\(error)")
    }

    @Test func eventsAfterAClockSetBackMayShowEarlierTimes() throws {
        // Given the clock set back an hour at 10:00: 09:30 comes after it
        let scenario = try makeScenario(body: """
            entities: [{id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T10:00, clock: 2026-11-21T09:00}
              - {at: 2026-11-21T09:30, complete: a}

            """)

        #expect(scenario.events.count == 2)
    }
}
