import Foundation
import Herald
import HeraldScenario
import Testing

/// A rule's `quiet_hours` choice is kept with the rule in a state file (issue 37: a run
/// resumed from `--state` forgot `quiet_hours: ignore`, and a 05:45 reminder waited for
/// the 07:00 group), and a state file written before it was kept reads as `observe`.
struct ScenarioRuleQuietHoursCodingTests {
    func makeRule(_ choice: String) throws -> ScenarioRule {
        let scenario = try makeScenario(body: """
            planner: {quiet_hours: {from: "22:00", to: "07:00"}}
            entities: [{id: train, title: Train, rules: [{id: r, daily: ["05:45"], quiet_hours: \(choice)}]}]
            """)
        return scenario.entities[0].rules[0]
    }

    @Test(arguments: [("ignore", ScenarioRule.QuietHoursChoice.ignore), ("defer_past_midnight", .deferPastMidnight)])
    func aChoiceSurvivesTheStateFile(_ text: String, _ choice: ScenarioRule.QuietHoursChoice) throws {
        // Given a rule with the choice, written and read back as a state file does
        let rule = try makeRule(text)
        let read = try JSONDecoder().decode(ScenarioRule.self, from: try JSONEncoder().encode(rule))
        // Then it keeps the choice, and so does the Herald rule made from it
        #expect(read.quietHours == choice)
        let herald = try read.reminderRule(for: EntityReference(namespace: "habit", id: "train"))
        #expect(herald.ignoresQuietHours == (choice == .ignore))
        #expect(herald.defersPastMidnight == (choice == .deferPastMidnight))
    }

    @Test func aRuleSavedBeforeTheChoiceWasKeptObservesTheQuietHours() throws {
        // Given a saved rule without the key
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try makeRule("ignore"))) as! [String: Any]
        object["quietHours"] = nil
        let read = try JSONDecoder().decode(ScenarioRule.self, from: try JSONSerialization.data(withJSONObject: object))
        // Then it observes them, as every rule did
        #expect(read.quietHours == nil)
        #expect(!read.ignoresQuietHours)
    }
}
