import Foundation
import HeraldScenario
import Testing

struct ExampleScenarioTests {
    @Test(arguments: ScenarioFixtures.exampleNames)
    func bundledExampleParsesAndRuns(_ name: String) async throws {
        // Given a bundled example
        let scenario = try makeExample(name)

        // When it runs
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then it delivers something, every reconcile planned, and nothing is cut
        #expect(result.summary.delivered > 0)
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.cuts == 0)
        #expect(result.summary.pending == result.reconciles.last?.planned)
    }

    @Test(arguments: ScenarioFixtures.allExampleNames)
    func bundledExampleRunsWithoutFailures(_ name: String) async throws {
        let result = try await ScenarioRunner(scenario: makeExample(name)).run()

        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.cuts == 0)
        #expect(result.timeline.map(\.date) == result.timeline.map(\.date).sorted())
    }

    @Test func habitsExampleShowsEveryEventKindItPromises() async throws {
        let scenario = try makeExample("habits.yaml")
        #expect(scenario.zone.identifier == "Europe/Berlin")
        #expect(scenario.days == 3)
        #expect(Set(scenario.entities.flatMap(\.rules).map(\.kind))
            == ["daily", "weekly", "every_days", "every_minutes", "monthly", "once", "rrule"])
        #expect(Set(scenario.events.map(\.action.kind)).isSuperset(of: ["complete", "pause", "resume", "delete"]))
    }
}
