import Foundation
import Herald
import HeraldScenario
import Testing

/// A daily 03:45 reminder with fixed content in `Pacific/Chatham` across the night its
/// summer time ends (2026-04-05 at 03:45 +13:45 the clocks go back to 02:45 +12:45, so
/// 03:45 occurs once, at 15:00 UTC on the 4th). Foundation's calendar, which the
/// simulated center matches repeating triggers with, never matches 03:45 that night; the
/// plan must not promise it through a repeating trigger. Worked out by hand: 03:45 is
/// 14:00 UTC the day before at +13:45 (1st to 4th) and 15:00 UTC at +12:45 (5th to 7th).
@Suite struct ChathamCoverageTests {
    static let yaml = """
        name: Chatham 03:45 across the end of summer time
        zone: Pacific/Chatham
        start: 2026-04-01T00:00
        days: 7
        planner: {repeating: exact}
        entities:
          - {id: h, title: Night habit, rules: [{id: r, daily: ["03:45"], badge: false, fixed_content: true}]}
        """

    @Test func theReminderFiresEveryDayOfTheWeekWithNoRePlan() async throws {
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: Self.yaml, file: "chatham.yaml")).run()

        #expect(result.deliveries.map(\.local.description) == (1...7).map { "2026-04-0\($0)T03:45" })
        let utc = ISO8601DateFormatter()
        #expect(result.deliveries.map { utc.string(from: $0.date) } == [
            "2026-03-31T14:00:00Z", "2026-04-01T14:00:00Z", "2026-04-02T14:00:00Z", "2026-04-03T14:00:00Z",
            "2026-04-04T15:00:00Z", "2026-04-05T15:00:00Z", "2026-04-06T15:00:00Z",
        ])
        #expect(result.summary.reconciles == 1)
    }

    @Test func theGuaranteedCoverageNeverPromisesTheNightFoundationMisses() async throws {
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: Self.yaml, file: "chatham.yaml")).run()

        let missed = ISO8601DateFormatter().date(from: "2026-04-04T15:00:00Z")!
        #expect(result.summary.guaranteedCoverage?.date ?? .distantFuture > missed)
        #expect(result.summary.guaranteedCoverage != .unbounded)
    }

    @Test func fromTheNextDayTheRuleRepeatsUntilSummerTimeStartsAgain() async throws {
        // Summer time starts on 2026-09-27 at 02:45 +12:45 (14:00 UTC on the 26th),
        // skipping 02:45 to 03:44: the hours it touches hold 03:45.
        let yaml = Self.yaml.replacingOccurrences(of: "start: 2026-04-01T00:00", with: "start: 2026-04-06T00:00")
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: yaml, file: "chatham.yaml")).run()

        #expect(result.deliveries.count == 7)
        #expect(result.deliveries.allSatisfy { $0.identifier.hasSuffix(":every-0345") })
        #expect(result.summary.guaranteedCoverage == .until(ISO8601DateFormatter().date(from: "2026-09-26T14:00:00Z")!))
    }
}
