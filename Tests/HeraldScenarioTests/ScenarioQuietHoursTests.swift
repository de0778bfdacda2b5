import Foundation
import Herald
import HeraldScenario
import Testing

/// The planner's `quiet_hours` and `group_within` and a rule's `quiet_hours: ignore` in
/// scenario files: read into the configuration, refused with their line and column
/// when wrong, and played by the bundled examples.
@Suite struct ScenarioQuietHoursTests {
    typealias BadCase = ScenarioParserTests.BadCase

    /// The header, then `planner` on line 4.
    static func makePlannerYAML(_ settings: String) -> String {
        ScenarioFixtures.header + "planner: {\(settings)}\n"
    }

    /// The header, then one entity whose one rule (line 5) ends with `keys` at column 57.
    static func makeRuleYAML(_ keys: String) -> String {
        ScenarioFixtures.header + "entities:\n  - {id: a, title: A, rules: [{id: r, daily: [\"09:00\"], \(keys)}]}\n"
    }

    static func makeDate(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let local = LocalDateTime(parsing: text)!
        return calendar.date(from: DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                                  hour: local.time.hour, minute: local.time.minute))!
    }

    @Test func quietHoursGroupingAndTheOptOutAreRead() throws {
        // Given quiet hours 22:00 to 07:00, grouping within 10 minutes and a rule that ignores them
        let scenario = try makeScenario(body: """
            planner: {quiet_hours: {from: "22:00", to: "07:00"}, group_within: 10}
            entities:
              - id: train
                title: Train
                rules:
                  - {id: early, daily: ["05:45"], quiet_hours: ignore}
                  - {id: late, daily: ["23:45"]}
            """)
        // Then the configuration has them, 600 s, and only the first rule ignores them
        let configuration = scenario.planner.configuration
        #expect(configuration.quietHours == (try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))))
        #expect(configuration.groupWithin == 600)
        let entity = EntityReference(namespace: "habit", id: "train")
        #expect(try scenario.entities[0].rules[0].reminderRule(for: entity).ignoresQuietHours)
        #expect(try !scenario.entities[0].rules[1].reminderRule(for: entity).ignoresQuietHours)
        // And without them, nothing is deferred or grouped
        #expect(try makeScenario(body: "planner: {reserve: 10}\n").planner.configuration.groupsReminders == false)
    }

    static let badCases: [BadCase] = [
        BadCase(name: "quiet hours that start and end at once",
                yaml: makePlannerYAML("quiet_hours: {from: \"22:00\", to: \"22:00\"}"),
                line: 4, column: 44, field: "planner.quiet_hours.to", code: .invalidValue,
                mentions: "the quiet hours start and end at 22:00"),
        BadCase(name: "quiet hours from a time that is not one",
                yaml: makePlannerYAML("quiet_hours: {from: \"25:00\", to: \"07:00\"}"),
                line: 4, column: 31, field: "planner.quiet_hours.from", code: .invalidValue,
                mentions: "\"25:00\" is not a time (expected HH:mm)"),
        BadCase(name: "quiet hours without an end", yaml: makePlannerYAML("quiet_hours: {from: \"22:00\"}"),
                line: 4, column: 24, field: "planner.quiet_hours.to", code: .missingKey, mentions: "missing key \"to\""),
        BadCase(name: "quiet hours with an unknown key",
                yaml: makePlannerYAML("quiet_hours: {from: \"22:00\", until: \"07:00\"}"),
                line: 4, column: 40, field: "planner.quiet_hours.until", code: .unknownKey,
                mentions: "unknown key \"until\""),
        BadCase(name: "quiet hours as a text", yaml: makePlannerYAML("quiet_hours: night"),
                line: 4, column: 24, field: "planner.quiet_hours", code: .wrongType,
                mentions: "expected quiet hours ({from, to})"),
        BadCase(name: "group_within below 0", yaml: makePlannerYAML("group_within: -1"),
                line: 4, column: 25, field: "planner.group_within", code: .invalidValue,
                mentions: "-1 is out of range (expected 0...1440)"),
        BadCase(name: "a rule's quiet_hours that is not a choice", yaml: makeRuleYAML("quiet_hours: sleep"),
                line: 5, column: 70, field: "entities[0].rules[0].quiet_hours", code: .invalidValue,
                mentions: "\"sleep\" is not a quiet-hours choice for a rule (expected ignore"),
    ]

    @Test(arguments: badCases)
    func aBadKeyIsRefusedWhereItIsWritten(_ badCase: BadCase) throws {
        // When the scenario is parsed
        // Then the error points at the node, names the field and says what was expected
        try badCase.expectRefused()
    }

    @Test func theQuietHoursExampleDefersTheNightToOneMorningNotification() async throws {
        // Given the bundled example: water 23:00, stretch 01:00, pills 06:30, an early train at
        // 05:45 that ignores the quiet hours, lunch at 12:30; quiet 22:00 to 07:00
        let result = try await ScenarioRunner(scenario: makeExample("quiet-hours.yaml")).run()
        // Then Saturday's and Sunday's water at 23:00 are dropped (07:00 is the next day);
        // Sunday: the train at 05:45 (badge 1), stretch and pills at 07:00 as one (badge 3),
        // lunch (badge 2 after Done all: the train still asks); Monday: pills alone at 07:00
        // (stretch was done for Monday; Sunday's train is stale), badge 1, and lunch, badge 2
        #expect(result.deliveries.map(\.date) == ["2026-11-22T05:45", "2026-11-22T07:00", "2026-11-22T12:30",
                                                  "2026-11-23T07:00", "2026-11-23T12:30"].map(Self.makeDate))
        #expect(result.deliveries.map(\.badge) == [1, 3, 2, 1, 2])
        #expect(result.deliveries[1].identifier == "herald:group:quiet:20261122T0600")
        #expect(result.deliveries[1].title == "2 habits due: Stretch, Pills")
        #expect(result.deliveries[3].identifier == "herald:reminder:habit:pills:dawn:20261123T0630")
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
    }

    @Test func theGroupedExampleSendsOneNotificationForHabitsDueTogether() async throws {
        // Given the bundled example: water 09:00, stretch 09:05, pills 09:08 grouped within 10
        // minutes, reading at 21:00 alone
        let result = try await ScenarioRunner(scenario: makeExample("grouped-habits.yaml")).run()
        // Then Saturday: the three at 09:00 as one (badge 3), reading (badge 3: stretch and
        // pills still ask); Sunday, pills done early: water and stretch at 09:00 (badge 2),
        // reading (badge 1 after Done all)
        #expect(result.deliveries.map(\.date) == ["2026-11-21T09:00", "2026-11-21T21:00", "2026-11-22T09:00",
                                                  "2026-11-22T21:00"].map(Self.makeDate))
        #expect(result.deliveries.map(\.badge) == [3, 3, 2, 1])
        #expect(result.deliveries[0].title == "3 habits due: Water, Stretch, Pills")
        #expect(result.deliveries[2].title == "2 habits due: Water, Stretch")
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
    }
}
