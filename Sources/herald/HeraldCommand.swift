import ArgumentParser

/// `herald`: plays scenario files against Herald's engine in simulated time and lists
/// when rules fire.
///
/// ```sh
/// herald simulate Examples/habits.yaml
/// herald simulate Examples/seed-004-badges.yaml --days 2 --json
/// herald occurrences "FREQ=DAILY;BYHOUR=9;BYMINUTE=0" --zone Europe/Berlin --from 2026-03-28 --days 3
/// ```
@main
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Herald's notification engine on the command line.",
        subcommands: [SimulateCommand.self, PlanCommand.self, WhyCommand.self, CheckCommand.self, OccurrencesCommand.self]
    )
}
