import Foundation
import HeraldReport
import HeraldScenario
import Testing

/// `herald simulate` writes its timeline as the run goes; what it writes is what a
/// collected run prints (``ScenarioResult/text()`` and ``ScenarioResult/jsonLines()``,
/// whose columns are measured over the whole timeline), for every bundled example.
extension HeraldCommandTests {
    @Test(arguments: ["habits.yaml", "seed-004-badges.yaml", "exercise-breaks.yaml", "goal-cold-launch.yaml",
                      "travel-and-clock.yaml", "route-walk.yaml", "travel-choice.yaml"])
    func streamedOutputIsTheCollectedResult(_ example: String) async throws {
        // Given the example played and collected in memory
        let result = try await ScenarioRunner(scenario: makeExample(example)).run()

        // When herald simulates it, as text and as JSON
        let text = try await makeExecution(["simulate", "Examples/\(example)"])
        let json = try await makeExecution(["simulate", "Examples/\(example)", "--json"])

        // Then it writes what the collected result prints
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == result.text())
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == result.jsonLines())
    }
}
