import Foundation
import Herald
import HeraldScenario
import Testing

/// `herald why` for a reminder the quiet hours defer (issue 37): a daily 23:00 with quiet
/// hours 22:00–07:30, from Saturday 2026-11-21 08:00 in Berlin (the app launched into the
/// background). The default drops Saturday 23:00 (Sunday 07:30 is past its day); kept,
/// it is shown Sunday 07:30, which is `held`, never `delivered`.
struct ScenarioWhyQuietHoursTests {
    static let water = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "water"), rule: "late")
    static let identifier = "herald:reminder:habit:water:late:20261121T2300"

    func makeStory(planner: String, rule: String) async throws -> OccurrenceStory {
        let scenario = try makeScenario(body: """
            days: 2
            planner: {quiet_hours: {from: "22:00", to: "07:30"\(planner)}}
            entities: [{id: water, title: Water, rules: [{id: late, daily: ["23:00"]\(rule)}]}]
            """)
        return try await ScenarioRunner(scenario: scenario).why(Self.water, at: LocalDateTime(parsing: "2026-11-21T23:00")!)
    }

    func at(_ local: String) -> Date {
        ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!).instant(for: LocalDateTime(parsing: local)!).date
    }

    @Test func byDefaultADeferralPastTheDaysEndIsSkipped() async throws {
        // Given the default: Saturday 23:00 would be deferred to Sunday 07:30, the next day
        let story = try await makeStory(planner: "", rule: "")
        // Then the 08:00 launch's plan skips it as past its day, and it is never shown
        #expect(story.verdict == .skipped)
        #expect(story.events.first == OccurrenceStory.Event(date: at("2026-11-21T08:00"), fact: .skipped(.pastDayEnd),
                                                           reasons: ["launch"]))
        #expect(!story.events.contains { $0.fact.kind == "delivered" || $0.fact.kind == "planned" })
    }

    @Test(arguments: [(", defer_past_midnight: on", ""), ("", ", quiet_hours: defer_past_midnight")])
    func aKeptDeferralIsHeldUntilTheEndOfTheQuietHours(planner: String, rule: String) async throws {
        // Given the quiet hours (or the rule) deferring past midnight
        let story = try await makeStory(planner: planner, rule: rule)
        // Then the launch plans it for Sunday 07:30 (badge 1, Sunday's first), says it is
        // deferred until then (06:30 UTC), and it is shown then, held by the quiet hours
        let facts = story.events.map(\.fact)
        #expect(Array(facts.prefix(3)) == [
            .planned(identifier: Self.identifier, badge: 1, firesAt: at("2026-11-22T07:30")),
            .deferred(until: at("2026-11-22T07:30")),
            .added(identifier: Self.identifier),
        ])
        #expect(story.events.contains(OccurrenceStory.Event(
            date: at("2026-11-22T07:30"), fact: .delivered(identifier: Self.identifier, held: "quiet hours"))))
        #expect(story.verdict == .held)
        #expect(facts[1].description
            == "deferred by the quiet hours until 2026-11-22T06:30 UTC, the end of its quiet period")
    }
}
