import Foundation
import Herald
import HeraldScenario
import Testing

/// `Examples/coverage-without-app.yaml`, through the command: ten habits at 09:00 and
/// 21:00 with fixed content and no badge, a week, the app never opened after its launch
/// into the background. Values worked out by hand: 10 × 2 × 7 = 140 reminders in the
/// week; one-shots alone hold 54 (Saturday 20, Sunday 20, Monday 10 at 09:00 and 4 at
/// 21:00).
@Suite struct CoverageExampleTests {
    static let example = "Examples/coverage-without-app.yaml"

    @Test func twentyRepeatingTriggersDeliverTheWholeWeekWithoutTheApp() async throws {
        let run = try await HeraldCommandTests().makeExecution(["simulate", Self.example, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let deliveries = objects.filter { $0["type"] as? String == "delivery" }
        #expect(deliveries.count == 140)
        let summary = try #require(objects.last { $0["type"] as? String == "summary" })
        #expect(summary["guaranteed_coverage"] as? String == "unbounded")
        #expect(summary["reconciles"] as? Int == 1)
        // Each habit's two times are two requests, identified by the time they repeat at.
        let identifiers = Set(deliveries.compactMap { $0["identifier"] as? String })
        #expect(identifiers == Set((0..<10).flatMap { habit in
            ["0900", "2100"].map { "herald:reminder:habit:h\(habit):r:every-\($0)" }
        }))
    }

    @Test func oneShotsAloneStopOnMondayAt2100() async throws {
        let text = try String(contentsOfFile: ScenarioFixtures.packageRoot.appendingPathComponent(Self.example).path,
                              encoding: .utf8)
            .replacingOccurrences(of: "repeating: exact", with: "repeating: never")
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: text, file: "coverage.yaml")).run()
        #expect(result.summary.delivered == 54)
        let last = try #require(result.deliveries.last)
        #expect(last.local.description == "2026-11-23T21:00")
    }
}
