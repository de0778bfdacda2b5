import Foundation
import Herald
import HeraldScenario
import Testing

/// A huge value where a scenario names something (an entity, a rule, an alarm button)
/// is refused with an excerpt of it and its size, not quoted whole.
struct ScenarioLongInputTests {
    static let huge = String(repeating: "z", count: 1_000_000)
    /// The excerpt of ``huge`` between double quotes: its first 40 characters, then its size.
    static let excerpt = "\"" + String(repeating: "z", count: 40) + "…\" (1000000 bytes)"

    @Test func aHugeAlarmButtonIsQuotedAsAnExcerpt() throws {
        let yaml = ScenarioFixtures.header + ScenarioAlarmTests.snoozingPills
            + "\nevents:\n  - {at: 2026-11-21T21:02, alarm: {on: pills, button: \(Self.huge)}}"
        let error = try #require(parseError(yaml))
        #expect(error.code == .unknownAction)
        #expect(error.message.hasPrefix("no action \(Self.excerpt) in the category of habit/pills"),
                "\(error.message.prefix(300))")
        #expect(error.message.count < 400)
    }

    @Test func aHugeRuleIDIsQuotedAsAnExcerpt() throws {
        let yaml = ScenarioFixtures.header + """
            entities:
              - id: x
                title: X
                rules: [{id: \(Self.huge), daily: ["09:00"]}]
            """
        let error = try #require(parseError(yaml))
        #expect(error.message.contains("the rule id of rule 'habit/x/" + String(repeating: "z", count: 32) + "…' (1000008 bytes)"),
                "\(error.message.prefix(300))")
        #expect(error.message.count < 400)
    }
}
