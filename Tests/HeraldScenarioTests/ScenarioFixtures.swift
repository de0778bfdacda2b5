import Foundation
import Herald
import HeraldScenario

/// Paths and builders the scenario tests share.
enum ScenarioFixtures {
    /// The package's root directory (this file is `Tests/HeraldScenarioTests/ScenarioFixtures.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let examples = packageRoot.appendingPathComponent("Examples")

    static let exampleNames = ["habits.yaml", "seed-004-badges.yaml", "goal-cold-launch.yaml", "quiet-hours.yaml",
                               "grouped-habits.yaml"]

    /// The examples of schedules that follow the user (a quota, repeats counted from
    /// completion, random times, vacations, pace).
    static let adaptiveExampleNames = ["gym-quota.yaml", "plant-after-completion.yaml", "mood-random.yaml",
                                       "piano-vacation.yaml", "water-pace.yaml"]

    /// Every bundled example, including those whose pending requests hold snoozes and
    /// follow-ups beyond the plan, and those of schedules that follow the user, whose
    /// last plan can be days before the end (deliveries since have left the center).
    static let allExampleNames = exampleNames + ["exercise-breaks.yaml"] + adaptiveExampleNames

    /// The header every inline scenario starts with (lines 1 to 3).
    static let header = """
        name: Test
        zone: Europe/Berlin
        start: 2026-11-21T08:00

        """
}

/// A scenario from inline YAML: the standard header (lines 1–3) followed by `body`.
func makeScenario(body: String) throws -> Scenario {
    try Scenario(yaml: ScenarioFixtures.header + body, file: "test.yaml")
}

/// A bundled example, parsed.
func makeExample(_ name: String) throws -> Scenario {
    try Scenario(contentsOf: ScenarioFixtures.examples.appendingPathComponent(name))
}

/// The error parsing `yaml` throws, or `nil` when it parses.
func parseError(_ yaml: String) -> ScenarioError? {
    do {
        _ = try Scenario(yaml: yaml, file: "test.yaml")
        return nil
    } catch {
        return error
    }
}
