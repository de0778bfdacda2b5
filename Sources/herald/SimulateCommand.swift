import ArgumentParser
import Foundation
import HeraldScenario

/// `herald simulate <scenario.yaml> [--days N] [--json]`.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a scenario file in simulated time and print its timeline.",
        discussion: """
            The timeline lists every delivery (local time, badge, title, identifier, how it \
            was presented and where the app was), in-app prompts with their actions, every \
            event of the scenario, every reconcile of the engine, the app's lifecycle, the \
            user's gestures and each response's route with the app badge after it, then a \
            summary. With --json it is one JSON object per line. A scenario that cannot be \
            read, or an event that cannot happen when it comes (a tap with nothing of the \
            entity delivered), exits with status 65 and names the file, line and field.
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
        let result: ScenarioResult
        do {
            result = try await ScenarioRunner(scenario: parsed, days: days).run()
        } catch let error as ScenarioError {
            // An event that cannot happen at its point of the run (a tap on nothing).
            StandardError.write(error.description)
            throw ExitCode(65)
        }
        print(output.json ? result.jsonLines() : result.text(), terminator: "")
    }
}
