import ArgumentParser
import Foundation
import Herald
import HeraldReport
import HeraldScenario

/// `herald why <scenario.yaml> --occurrence <namespace>/<entity>/<rule> --at <local date-time> [--json]`.
///
/// ```sh
/// herald why Examples/seed-004-badges.yaml --occurrence habit/meditate/reminders --at 2026-11-21T09:00
/// ```
struct WhyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Play a scenario and tell why one occurrence fired, or did not.",
        discussion: """
            Plays the whole scenario and prints the story of the occurrence of the rule \
            NAMESPACE/ENTITY/RULE at --at (a local date-time in the scenario's zone, or the \
            rule's own): each plan that considered it and what it decided (planned with its \
            identifier and badge, cut by the budget and which requests held the slots, \
            displaced, skipped as done, snoozed or delivered already, paused, deleted, \
            excluded), each reconcile that added, replaced or removed its request, its \
            delivery (held by the summary or a Focus) or why the system did not deliver it \
            (notifications off, dropped above 64), the user's response and its removal; \
            then its verdict: delivered, held, cut, displaced, skipped, not_delivered, \
            never_planned (or pending, when it is after the run). With --json it is one \
            object {"occurrence", "verdict", "events"}. A scenario that cannot be read, or an \
            event that cannot happen, exits with status 65; a malformed --occurrence or \
            --at, or a rule the scenario never mentions, with status 64. In a scenario of \
            several devices --on DEVICE tells the story on that device (the first without \
            it), with what it heard from the others about the occurrence ("done on watch at \
            08:58, heard here") and, when its app does not schedule the rule, where the rule \
            alerts instead; --on in a scenario of one device, or a device it does not list, \
            exits with status 64.
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: ArgumentHelp("The rule, namespace/entity/rule (habit/water/sips).", valueName: "namespace/entity/rule"))
    var occurrence: String

    @Option(help: ArgumentHelp("The occurrence, yyyy-MM-ddTHH:mm in the scenario's zone.", valueName: "local date-time"))
    var at: String

    @Option(help: ArgumentHelp("In a scenario of several devices, the device to tell the story on.", valueName: "device"))
    var on: String?

    @OptionGroup var output: OutputOptions

    /// The rule `--occurrence` names: three parts, none empty.
    static func rule(_ text: String) -> ReminderRule.ID? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts.contains(where: \.isEmpty) else { return nil }
        return ReminderRule.ID(entity: EntityReference(namespace: parts[0], id: parts[1]), rule: parts[2])
    }

    func validate() throws {
        guard Self.rule(occurrence) != nil else {
            throw ValidationError("--occurrence must be namespace/entity/rule such as habit/water/sips, not \"\(occurrence)\".")
        }
        guard LocalDateTime(parsing: at) != nil else {
            throw ValidationError("--at must be a local date-time such as 2026-11-21T09:00, not \"\(at)\".")
        }
    }

    func run() async throws {
        let file = try ScenarioFile.read(commandArgument: scenario)
        // validate() made sure both parse.
        let rule = Self.rule(occurrence)!
        let local = LocalDateTime(parsing: at)!
        let story: OccurrenceStory
        do {
            if file.scenario.household != nil {
                story = try await HouseholdScenarioRunner(scenario: file.scenario).why(rule, at: local, on: on)
            } else if let on {
                StandardError.write("--on: \(scenario) plays on one device; --on names a device of a scenario with devices: (\"\(on)\")")
                throw ExitStatus.usage.exitCode
            } else {
                story = try await ScenarioRunner(scenario: file.scenario).why(rule, at: local)
            }
        } catch let error as ScenarioError where error.code == .invalidValue && error.line == 0 {
            StandardError.write("--occurrence: \(error.message)")
            throw ExitStatus.usage.exitCode
        } catch let error as ScenarioError {
            StandardError.write(error.description)
            throw ExitStatus.of(error).exitCode
        }
        let zone = file.scenario.zone
        print(output.json ? OccurrenceStoryText.json(story, zone: zone) : OccurrenceStoryText.text(story, zone: zone),
              terminator: "")
    }
}
