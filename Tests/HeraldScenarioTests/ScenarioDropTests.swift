import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// Requests the simulated center drops above its capacity of 64 are reported: counted
/// in the summary, named in a warning, in text and JSON.
struct ScenarioDropTests {
    /// Five reminders a day with no reserve: Herald's plan fills all 64 places (it
    /// never asks for more), then 09:00 fires (63 pending) and another SDK adds two
    /// requests behind Herald's back at 09:05: 65, and the center drops the one that
    /// fires last (keep-soonest).
    static let overflowing = """
        planner: {reserve: 0}
        entities:
          - id: water
            title: Water
            rules: [{id: r, daily: ["09:00", "10:00", "11:00", "12:00", "13:00"]}]
        events:
          - {at: 2026-11-21T09:05, foreign: 2}

        """

    /// The launch plan holds 21 November 09:00 to 3 December 12:00 (5 + 11 × 5 + 4 =
    /// 64); its last, 3 December 12:00, is dropped.
    static let droppedIdentifier = "herald:reminder:habit:water:r:20261203T1200"

    @Test func aRunThatOverflowsTheCenterReportsWhatWasDropped() async throws {
        // When the overflowing scenario runs
        let result = try await ScenarioRunner(scenario: makeScenario(body: Self.overflowing)).run()

        // Then the summary counts and names the dropped request
        #expect(result.summary.dropped == 1)
        #expect(result.summary.droppedIdentifiers == [Self.droppedIdentifier])
        #expect(result.summary.capacity == 64)
        let warning = "the notification center dropped 1 request above its capacity of 64: \(Self.droppedIdentifier)"
        #expect(result.summary.dropWarning == warning)

        // And the text ends with the count and the warning (the launch plan cut 6 of the
        // 70 occurrences in its 14 days: 5 today and 5 a day to 4 December)
        let lines = result.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.suffix(5)) == [
            "  cut occurrences     6", "  dropped requests    1", "", "warning: \(warning)", "",
        ])

        // And the JSON summary carries them
        let summary = try #require(try jsonSummary(result))
        #expect(summary["dropped"] as? Int == 1)
        #expect(summary["dropped_identifiers"] as? [String] == [Self.droppedIdentifier])
        #expect(summary["capacity"] as? Int == 64)
        #expect(summary["warning"] as? String == warning)
    }

    @Test func aRunWithoutDropsSaysZeroAndWarnsOfNothing() async throws {
        let result = try await ScenarioRunner(scenario: makeExample("seed-004-badges.yaml")).run()

        #expect(result.summary.dropped == 0)
        #expect(result.summary.dropWarning == nil)
        let text = result.text()
        #expect(text.hasSuffix("  cut occurrences     0\n  dropped requests    0\n"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("warning:") })
        let summary = try #require(try jsonSummary(result))
        #expect(summary["dropped"] as? Int == 0)
        #expect(summary["warning"] == nil)
        #expect(summary["dropped_identifiers"] == nil)
    }

    @Test func aResumedRunCountsOnlyItsOwnDrops() async throws {
        // Given the overflowing scenario over two days, paused after the first (which dropped one)
        let scenario = try makeScenario(body: "days: 2\n" + Self.overflowing)
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: nil)
        #expect(first.result.summary.droppedIdentifiers == [Self.droppedIdentifier])

        // When the second day is played from the checkpoint, with no foreign requests in it
        let rest = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: first.checkpoint)

        // Then it reports none: the first part's drop is not counted again
        #expect(rest.result.summary.dropped == 0)
    }

    @Test func theWarningNamesTheFirstThreeAndCountsTheRest() {
        // Given a result whose center dropped five requests (built directly)
        let dropped = (1...5).map { "herald:reminder:habit:h\($0):r:20261121T0900" }
        let summary = ScenarioSummary(delivered: 0, pending: 64, stillDelivered: 0, appBadge: 0, coverageHorizon: nil,
                                      horizonEnd: nil, cuts: 0, reconciles: 1, droppedIdentifiers: dropped)
        let result = ScenarioResult(name: "Five dropped", zone: TimeZone(identifier: "Europe/Berlin")!,
                                    start: LocalDateTime(parsing: "2026-11-21T08:00")!,
                                    end: LocalDateTime(parsing: "2026-11-22T08:00")!, timeline: [], summary: summary)

        // Then the warning names three and counts the other two
        let warning = "the notification center dropped 5 requests above its capacity of 64: "
            + "herald:reminder:habit:h1:r:20261121T0900, herald:reminder:habit:h2:r:20261121T0900, "
            + "herald:reminder:habit:h3:r:20261121T0900, and 2 more"
        #expect(result.summary.dropWarning == warning)
        #expect(result.text().hasSuffix("  dropped requests    5\n\nwarning: \(warning)\n"))
    }

    /// The `summary` object of a result's JSON lines.
    func jsonSummary(_ result: ScenarioResult) throws -> [String: Any]? {
        let last = try #require(result.jsonLines().split(separator: "\n").last)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "summary")
        return object
    }
}
