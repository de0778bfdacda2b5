import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The `travel_choice` event (how it reads, where bad ones are reported) and
/// `Examples/travel-choice.yaml` played: the notice and the choices on the timeline,
/// in text and in JSON.
struct ScenarioTravelTests {
    let pill = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "pill"), rule: "morning")

    /// Two entities with a rule each, then `events`; the first event is on line 7.
    func makeYAML(_ events: String, planner: String = "") -> String {
        ScenarioFixtures.header + planner + """
            entities: [{id: pill, title: Pill, rules: [{id: morning, daily: ["08:00"]}]}, {id: walk, title: Walk, rules: [{id: daily, daily: ["18:00"]}]}]
            events:
              - {at: 2026-11-21T09:00, zone: America/New_York}
            \(events)

            """
    }

    @Test func readsAChoiceForEveryRuleAndForOne() throws {
        // Given a choice for every rule and one for the pill's morning rule
        let scenario = try Scenario(yaml: makeYAML("""
              - {at: 2026-11-21T03:10, travel_choice: keep_home}
              - {at: 2026-11-21T03:11, travel_choice: {rule: pill/morning, choice: follow_local}}
              - {at: 2026-11-21T03:12, travel_choice: {rule: habit/pill/morning, choice: keep_home}}
            """, planner: "planner: {travel_prompt: on}\n"), file: "test.yaml")

        // Then each reads as the choice it names, and the planner offers the prompt
        #expect(scenario.events.dropFirst().map(\.action) == [
            .travelChoice(.keepHome, rule: nil), .travelChoice(.followLocal, rule: pill), .travelChoice(.keepHome, rule: pill),
        ])
        #expect(scenario.events.dropFirst().map(\.action.kind) == ["travel_choice", "travel_choice", "travel_choice"])
        #expect(scenario.planner.configuration.travelPrompt)
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var event: String
        var column: Int
        var field: String
        var code: ScenarioError.Code
        var mentions: String
        var testDescription: String { mentions }
    }

    static let badInputs: [BadInput] = [
        BadInput(event: "  - {at: 2026-11-21T03:10, travel_choice: stay}", column: 43, field: "events[1].travel_choice",
                 code: .invalidValue, mentions: "\"stay\" is not a travel choice (expected keep_home or follow_local)"),
        BadInput(event: "  - {at: 2026-11-21T03:10, travel_choice: {rule: pill/morning, choise: keep_home}}", column: 64,
                 field: "events[1].travel_choice.choise", code: .unknownKey, mentions: "unknown key \"choise\""),
        BadInput(event: "  - {at: 2026-11-21T03:10, travel_choice: {rule: pill/morning}}", column: 43,
                 field: "events[1].travel_choice.choice", code: .missingKey, mentions: "choice"),
        BadInput(event: "  - {at: 2026-11-21T03:10, travel_choice: {rule: pill, choice: keep_home}}", column: 50,
                 field: "events[1].travel_choice.rule", code: .invalidValue, mentions: "names no rule: write entity/rule"),
        BadInput(event: "  - {at: 2026-11-21T03:10, travel_choice: {rule: pill/evening, choice: keep_home}}", column: 50,
                 field: "events[1].travel_choice.rule", code: .unknownEntity, mentions: "pill/evening"),
    ]

    @Test(arguments: badInputs)
    func reportsWhereAndWhatForBadTravelChoices(_ input: BadInput) throws {
        let error = try #require(parseError(makeYAML(input.event)))

        #expect(error.code == input.code, "\(error)")
        #expect(error.field == input.field, "\(error)")
        #expect((error.line, error.column) == (7, input.column), "\(error)")
        #expect(error.message.contains(input.mentions), "\(error)")
    }

    func makeResult() async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: makeExample("travel-choice.yaml")).run()
    }

    @Test func theExampleShowsTheNoticeTheChoicesAndTheirEffect() async throws {
        let result = try await makeResult()

        // Then the notice comes when the app is opened in New York, Wednesday 14:10 EST,
        // and the trip's end when it is opened in Berlin, Saturday 08:10 CET
        let travel = result.timeline.compactMap { if case .travel(let travel) = $0 { travel } else { nil } }
        #expect(travel.map { "\($0.local) \($0.text)" } == [
            "2026-12-02T14:10 Europe/Berlin → America/New_York: habit/pill/morning 08:00 at home is 02:00 here (following local time 08:00); habit/walk/daily 18:00 at home is 12:00 here (following local time 18:00); in-app prompt: Keep home time | Follow local time",
            "2026-12-05T08:10 back home in Europe/Berlin: the trip ended, its choices lapse",
        ])
        // and the pill comes at 02:00 EST (08:00 CET, 07:00 UTC) in New York, the walk at
        // 18:00 EST (23:00 UTC) from Thursday: Wednesday's 18:00 fired in Berlin
        #expect(result.deliveries.map { "\($0.title) \($0.local)" } == [
            "Take the pill 2026-12-01T08:00", "Evening walk 2026-12-01T18:00",
            "Take the pill 2026-12-02T08:00", "Evening walk 2026-12-02T18:00",
            "Take the pill 2026-12-03T02:00", "Evening walk 2026-12-03T18:00",
            "Take the pill 2026-12-04T02:00", "Evening walk 2026-12-04T18:00",
            "Take the pill 2026-12-05T02:00", "Evening walk 2026-12-05T18:00",
        ])
        // The text shows the notice and both choices, the first answered in the prompt
        let text = result.text()
        #expect(text.contains("14:10 GMT-5  travel     Europe/Berlin → America/New_York: habit/pill/morning"), "\(text)")
        #expect(text.contains("event      the user chooses to follow local time for every reminder (in the in-app prompt)"), "\(text)")
        #expect(text.contains("event      the user chooses to keep home time for habit/pill/morning\n"), "\(text)")
    }

    @Test func jsonCarriesTheNoticeAndTheChoices() async throws {
        let lines = try await makeResult().jsonLines().split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }

        // The notice: the pill's next 08:00 CET is Thursday 07:00 UTC, 02:00 in New York;
        // following local time, 08:00 EST is 13:00 UTC
        let notice = try #require(lines.first { $0["type"] as? String == "travel" })
        #expect(notice["home"] as? String == "Europe/Berlin")
        #expect(notice["zone"] as? String == "America/New_York")
        let pill = try #require((notice["affected"] as? [[String: Any]])?.first)
        #expect(pill["rule"] as? String == "habit/pill/morning")
        #expect(pill["home_time"] as? String == "2026-12-03T08:00")
        #expect(pill["home_time_here"] as? String == "2026-12-03T02:00")
        #expect(pill["local_time"] as? String == "2026-12-03T08:00")
        #expect(pill["utc_home"] as? String == "2026-12-03T07:00:00Z")
        #expect(pill["utc_local"] as? String == "2026-12-03T13:00:00Z")
        #expect(pill["choice"] as? String == "follow_local")
        #expect(notice["prompt"] as? [String] == ["Keep home time", "Follow local time"])

        // The choices: for every rule, then for the pill
        let choices = lines.filter { $0["event"] as? String == "travel_choice" }
        #expect(choices.map { $0["choice"] as? String } == ["follow_local", "keep_home"])
        #expect(choices.map { $0["rule"] as? String } == [nil, "habit/pill/morning"])
    }
}
