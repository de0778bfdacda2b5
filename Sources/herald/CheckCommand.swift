import ArgumentParser
import Foundation
import HeraldReport
import HeraldScenario

/// `herald check <scenario.yaml> [--json]`.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Warn about what a scenario's rules and categories will do wrong before they ship.",
        discussion: """
            Warnings: reminder times that fall into a DST gap (they fire shifted) or fold \
            (they fire once, at the first) in the rule's zone within a year of the start; a \
            plan that covers less than a day ahead; distinct rules that fire at one instant \
            during the run; categories no rule or post uses, and actions no event of the \
            scenario chooses. Errors: an event that cannot happen when it comes (the run \
            stops there), requests the notification center dropped above its capacity. \
            Exits with status 0 when there are only warnings, 1 when there are errors, 65 \
            when the file cannot be read. With --json it is one JSON object.
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let file = try ScenarioFile.read(commandArgument: scenario)
        let findings = await ScenarioCheck(scenario: file.scenario).findings()
        print(output.json ? CheckText.json(findings, file: scenario) : CheckText.text(findings, file: scenario),
              terminator: "")
        if findings.contains(where: { $0.severity == .error }) { throw ExitStatus.failure.exitCode }
    }
}
