import ArgumentParser
import Foundation
import Herald
import HeraldReport
import HeraldScenario

/// `herald plan <scenario.yaml> --at <local date-time> [--json]`.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show what Herald has pending at one instant of a scenario, and why.",
        discussion: """
            Plays the scenario from its start up to --at (a local date-time in the \
            scenario's zone, like its start; events at that instant are not played yet) and \
            prints every request pending in the notification center then (when it fires, in \
            the device's zone at that instant, its badge, kind, title and identifier), the \
            last plan's coverage horizon, and every occurrence that plan cut with its reason \
            (over budget, or displaced by snoozes and events). With --json it is one JSON \
            object. A scenario that cannot be read, or an event before --at that cannot \
            happen, exits with status 65; an --at outside the scenario with status 64.
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: ArgumentHelp("The instant, yyyy-MM-ddTHH:mm in the scenario's zone.", valueName: "local date-time"))
    var at: String

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard LocalDateTime(parsing: at) != nil else {
            throw ValidationError("--at must be a local date-time such as 2026-11-21T12:00, not \"\(at)\".")
        }
    }

    func run() async throws {
        let file = try ScenarioFile.read(commandArgument: scenario)
        let plan: ScenarioInstantPlan
        do {
            // validate() made sure it parses.
            plan = try await ScenarioRunner(scenario: file.scenario).plan(at: LocalDateTime(parsing: at)!)
        } catch let error as ScenarioError where error.code == .invalidValue && error.line == 0 {
            StandardError.write("--at: \(error.message)")
            throw ExitStatus.usage.exitCode
        } catch let error as ScenarioError {
            // The run up to the event that could not happen, then the error.
            if let run = error.runSoFar {
                print(output.json ? run.jsonLines(stoppedBy: error) : run.timelineText(), terminator: "")
            }
            StandardError.write(error.description)
            throw ExitStatus.of(error).exitCode
        }
        print(output.json ? InstantPlanText.json(plan) : InstantPlanText.text(plan), terminator: "")
    }
}
