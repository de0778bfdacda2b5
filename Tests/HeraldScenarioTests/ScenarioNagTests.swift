import Foundation
import Herald
import HeraldScenario
import Testing

/// A rule's `nag: {every, times}` in scenario files: read into a Herald nag, refused
/// with its line and column when wrong, and played by the bundled example.
@Suite struct ScenarioNagTests {
    typealias BadCase = ScenarioParserTests.BadCase

    /// The header, then one entity whose one rule (line 5) ends with `keys`; the rule's
    /// own keys end at column 56, so the first of `keys` is at column 57.
    static func makeYAML(_ keys: String) -> String {
        ScenarioFixtures.header + "entities:\n  - {id: a, title: A, rules: [{id: r, daily: [\"09:00\"], \(keys)}]}\n"
    }

    @Test func aNagIsReadIntoTheRule() throws {
        // Given a rule nagged every 10 minutes 3 times, and one with a single follow-up
        let scenario = try makeScenario(body: """
            entities:
              - id: pill
                title: Pill
                rules:
                  - {id: evening, daily: ["21:00"], nag: {every: 10, times: 3}}
                  - {id: morning, daily: ["08:00"], follow_up: 15}
            """)
        let rules = scenario.entities[0].rules
        let entity = EntityReference(namespace: "habit", id: "pill")
        // Then the first nags 600 s apart 3 times, the second once after 900 s
        #expect(rules[0].nagMinutes == 10 && rules[0].nagTimes == 3)
        #expect(try rules[0].reminderRule(for: entity).nag == (try Nag(every: 600, times: 3)))
        #expect(rules[1].nagMinutes == nil && rules[1].followUpMinutes == 15)
        #expect(try rules[1].reminderRule(for: entity).nag == (try Nag(every: 900, times: 1)))
    }

    static let badCases: [BadCase] = [
        BadCase(name: "follow_up and nag together", yaml: makeYAML("follow_up: 10, nag: {every: 10, times: 3}"),
                line: 5, column: 77, field: "entities[0].rules[0].nag", code: .invalidValue,
                mentions: "a rule gives follow_up or nag, not both"),
        BadCase(name: "nag of 0 times", yaml: makeYAML("nag: {every: 10, times: 0}"),
                line: 5, column: 81, field: "entities[0].rules[0].nag.times", code: .invalidValue,
                mentions: "0 is out of range (expected 1...24)"),
        BadCase(name: "nag of 25 times", yaml: makeYAML("nag: {every: 10, times: 25}"),
                line: 5, column: 81, field: "entities[0].rules[0].nag.times", code: .invalidValue,
                mentions: "25 is out of range (expected 1...24)"),
        BadCase(name: "nag every 0 minutes", yaml: makeYAML("nag: {every: 0, times: 3}"),
                line: 5, column: 70, field: "entities[0].rules[0].nag.every", code: .invalidValue,
                mentions: "0 is out of range (expected 1...1440)"),
        BadCase(name: "nag without times", yaml: makeYAML("nag: {every: 10}"),
                line: 5, column: 62, field: "entities[0].rules[0].nag.times", code: .missingKey,
                mentions: "missing key \"times\""),
        BadCase(name: "nag with an unknown key", yaml: makeYAML("nag: {every: 10, times: 3, until: 12}"),
                line: 5, column: 84, field: "entities[0].rules[0].nag.until", code: .unknownKey,
                mentions: "unknown key \"until\""),
        BadCase(name: "nag as a number", yaml: makeYAML("nag: 10"),
                line: 5, column: 62, field: "entities[0].rules[0].nag", code: .wrongType,
                mentions: "expected a nag ({every, times})"),
        BadCase(name: "nag on a location reminder",
                yaml: ScenarioFixtures.header
                    + "entities:\n  - {id: a, title: A, rules: [{id: r, arrive: {lat: 52.5, lon: 13.4}, nag: {every: 10, times: 3}}]}\n",
                line: 5, column: 76, field: "entities[0].rules[0].nag", code: .invalidValue,
                mentions: "a location reminder fires at a crossing and has no follow-ups"),
    ]

    @Test(arguments: badCases)
    func aBadNagIsRefusedWhereItIsWritten(_ badCase: BadCase) throws {
        // When the scenario is parsed
        // Then the error points at the node, names the field and says what was expected
        try badCase.expectRefused()
    }

    @Test func theNaggingExampleRepeatsUntilAnsweredAndNeverPastMidnight() async throws {
        // Given the bundled example: a vitamin at 09:00 and a night pill at 23:40, each
        // nagged every 10 minutes 3 times, the vitamin's Monday answered at 09:22
        let result = try await ScenarioRunner(scenario: makeExample("nagging.yaml")).run()
        // Then the follow-ups are Monday's first two repeats of the vitamin, each night's
        // 23:50, and all three of Tuesday's vitamin
        let followUps = result.deliveries.filter { $0.identifier.hasPrefix("herald:followup:") }
        let vitamin = "herald:followup:med:vitamin:morning:"
        let night = "herald:followup:med:night-pill:late:"
        #expect(followUps.map(\.identifier) == [
            "\(vitamin)20261123T0900", "\(vitamin)20261123T0900#2", "\(night)20261123T2340",
            "\(vitamin)20261124T0900", "\(vitamin)20261124T0900#2", "\(vitamin)20261124T0900#3",
            "\(night)20261124T2340",
        ])
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        func makeDate(_ text: String) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = berlin
            let local = LocalDateTime(parsing: text)!
            return calendar.date(from: DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                                      hour: local.time.hour, minute: local.time.minute))!
        }
        #expect(followUps.map(\.date) == ["2026-11-23T09:10", "2026-11-23T09:20", "2026-11-23T23:50",
                                          "2026-11-24T09:10", "2026-11-24T09:20", "2026-11-24T09:30",
                                          "2026-11-24T23:50"].map(makeDate))
        #expect(followUps.allSatisfy { $0.badge == nil })
        #expect(followUps[1].body.hasPrefix("follow-up 2: "))
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.cuts == 0)
    }
}
