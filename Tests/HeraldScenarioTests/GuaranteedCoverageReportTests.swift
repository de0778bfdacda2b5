import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The guaranteed coverage and the refresh deadline in what `herald simulate` prints
/// (text summary, JSON reconcile and summary lines, HTML report), against values worked
/// out by hand; `.unbounded` and "no refresh needed", which no plan on one-shots makes,
/// through summaries built directly.
@Suite struct GuaranteedCoverageReportTests {
    /// Ten habits with reminders at 09:00 and 21:00, from Saturday 2026-11-21 08:00 in
    /// Berlin (CET, UTC+1), for one day: the app is launched at the start and then stays
    /// suspended in the background, so the launch's plan is the last one.
    static let tenHabits = ScenarioFixtures.header + "days: 1\nentities:\n" + (0..<10).map { index in
        "  - {id: h\(index), title: Habit \(index), rules: [{id: r, daily: [\"09:00\", \"21:00\"]}]}\n"
    }.joined()

    func makeResult() async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try Scenario(yaml: Self.tenHabits, file: "ten.yaml")).run()
    }

    /// `2026-11-23 21:00 CET` as Foundation writes Berlin's winter abbreviation here.
    func berlin(_ text: String) -> String {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        return "\(text) \(zone.abbreviation(for: Date(timeIntervalSince1970: 1_795_248_000)) ?? "GMT+1")"
    }

    @Test func theSummaryCoversUntilTheFiftyFifthOccurrence() async throws {
        // Given 20 occurrences a day and the budget of 54 (64 - reserve 10): the 21st
        // holds 10 at 09:00 and 10 at 21:00, the 22nd the same, the 23rd 10 at 09:00 and
        // 4 at 21:00; the 55th occurrence, the first left out, is the 23rd at 21:00
        let result = try await makeResult()

        // Then the summary says reminders stop there without the app, and that the
        // plan must be refreshed at the next midnight (the content depends on the day)
        #expect(result.summary.guaranteedCoverage == .until(Date(timeIntervalSince1970: 1_795_464_000)))
        let text = result.text()
        #expect(text.contains("\n  guaranteed coverage \(berlin("2026-11-23 21:00"))\n"), "\(text)")
        #expect(text.contains("\n  refresh deadline    \(berlin("2026-11-22 00:00"))\n"), "\(text)")
    }

    @Test func jsonCarriesThemOnTheReconcileAndTheSummary() async throws {
        let lines = try await makeResult().jsonLines().split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let launch = try #require(lines.first { $0["type"] as? String == "reconcile" })
        let summary = try #require(lines.last)
        for object in [launch, summary] {
            // 21:00 CET is 20:00 UTC; midnight CET is 23:00 UTC the day before
            #expect(object["guaranteed_coverage"] as? String == "2026-11-23T20:00:00Z")
            #expect(object["refresh_deadline"] as? String == "2026-11-21T23:00:00Z")
            #expect(object["coverage_horizon"] as? String == "2026-11-23T20:00:00Z")
        }
    }

    @Test func theHTMLReportNamesAndMarksTheCoverage() async throws {
        let html = HTMLReport.render(try await makeResult(), reserve: 10)
        #expect(html.contains(berlin("2026-11-23 21:00")))
        #expect(html.contains("summary-guaranteed-coverage"))
        #expect(html.contains("summary-refresh-deadline"))
        #expect(html.contains("guaranteed until \(berlin("2026-11-23 21:00"))"))
        // The run ends on the 22nd at 08:00, before the coverage ends: no line for it
        #expect(!html.contains("class=\"guaranteed\""))
    }

    @Test func theChartMarksACoverageEndingInsideTheRun() async throws {
        // Given thirty habits: 60 occurrences a day, so the 55th (the first left out)
        // is on the first day, at 21:00 (30 at 09:00, then 24 of 30 at 21:00)
        let yaml = ScenarioFixtures.header + "days: 1\nentities:\n" + (0..<30).map { index in
            "  - {id: h\(index), title: Habit \(index), rules: [{id: r, daily: [\"09:00\", \"21:00\"]}]}\n"
        }.joined()
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: yaml, file: "thirty.yaml")).run()

        // Then the summary says so and the chart draws the line, before the run's end
        #expect(result.text().contains("\n  guaranteed coverage \(berlin("2026-11-21 21:00"))\n"))
        let html = HTMLReport.render(result, reserve: 10)
        #expect(html.contains("class=\"guaranteed\""))
        #expect(html.contains(">guaranteed coverage</text>"))
    }

    /// A summary built directly with `coverage` and `deadline`, as its text and its
    /// JSON summary object.
    func makeOutputs(_ coverage: GuaranteedCoverage?, _ deadline: Date?) throws -> (String, [String: Any]) {
        let summary = ScenarioSummary(
            delivered: 0, pending: 2, stillDelivered: 0, appBadge: 0, coverageHorizon: coverage.map { _ in .distantFuture },
            horizonEnd: nil, cuts: 0, reconciles: 1, guaranteedCoverage: coverage, refreshDeadline: deadline)
        let result = ScenarioResult(name: "Built", zone: TimeZone(identifier: "Europe/Berlin")!,
                                    start: LocalDateTime(parsing: "2026-11-21T08:00")!,
                                    end: LocalDateTime(parsing: "2026-11-22T08:00")!, timeline: [], summary: summary)
        let last = try #require(result.jsonLines().split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        return (result.text(), object)
    }

    @Test func unboundedCoverageWithNoDeadline() throws {
        let (text, object) = try makeOutputs(.unbounded, nil)
        #expect(text.contains("\n  guaranteed coverage unbounded\n"))
        #expect(text.contains("\n  refresh deadline    none\n"))
        #expect(object["guaranteed_coverage"] as? String == "unbounded")
        #expect(object.keys.contains("refresh_deadline") && object["refresh_deadline"] is NSNull)
    }

    @Test func unboundedCoverageRefreshedAtMidnight() throws {
        // 2026-11-21T23:00:00Z is midnight in Berlin
        let (text, object) = try makeOutputs(.unbounded, Date(timeIntervalSince1970: 1_795_302_000))
        #expect(text.contains("\n  refresh deadline    \(berlin("2026-11-22 00:00"))\n"))
        #expect(object["refresh_deadline"] as? String == "2026-11-21T23:00:00Z")
    }

    @Test func beforeAnyPlanNeitherIsKnown() throws {
        let (text, object) = try makeOutputs(nil, nil)
        #expect(text.contains("\n  guaranteed coverage none (no plan)\n"))
        #expect(text.contains("\n  refresh deadline    none (no plan)\n"))
        #expect(!object.keys.contains("guaranteed_coverage") && !object.keys.contains("refresh_deadline"))
    }

    @Test func aResumedRunKeepsTheLastPlansCoverage() throws {
        // The state file's record of the last plan, round-tripped through JSON
        for coverage in [GuaranteedCoverage.unbounded, .until(Date(timeIntervalSince1970: 1_795_464_000))] {
            let plan = ScenarioCheckpoint.PlanCoverage(
                coverageHorizon: nil, horizonEnd: nil, cuts: 0, guaranteedCoverage: coverage,
                refreshDeadline: Date(timeIntervalSince1970: 1_795_302_000))
            let decoded = try JSONDecoder().decode(ScenarioCheckpoint.PlanCoverage.self, from: JSONEncoder().encode(plan))
            #expect(decoded == plan)
        }
        // One written before they were kept reads as unknown
        let old = try JSONDecoder().decode(ScenarioCheckpoint.PlanCoverage.self, from: Data(#"{"cuts": 2}"#.utf8))
        #expect(old.guaranteedCoverage == nil && old.refreshDeadline == nil && old.cuts == 2)
    }
}
