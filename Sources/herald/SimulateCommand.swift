import ArgumentParser
import Foundation
import HeraldScenario

/// `herald simulate <scenario.yaml> [--days N] [--json]`.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a scenario file in simulated time and print its timeline.",
        discussion: """
            The timeline lists every delivery (local time, badge, title, identifier), every \
            event of the scenario and every reconcile of the engine, then a summary. With \
            --json it is one JSON object per line.
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "Run for this many days instead of the scenario's own.")
    var days: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let days, days < 1 { throw ValidationError("--days must be at least 1.") }
    }

    func run() async throws {
        let parsed: Scenario
        do {
            parsed = try Scenario(contentsOf: URL(fileURLWithPath: scenario))
        } catch {
            StandardError.write(error.description)
            throw ExitCode(65)
        }
        let result = try await ScenarioRunner(scenario: parsed, days: days).run()
        print(output.json ? result.jsonLines() : result.text(), terminator: "")
    }
}
