import ArgumentParser

/// Where `herald simulate` keeps the engine's state: a fresh temporary SQLite file by
/// default, a named one with `--state` (to pause and resume), or nothing with
/// `--in-memory`.
struct StateOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Keep the state in this SQLite file: a new file starts the scenario, an existing one resumes it.",
        valueName: "path"))
    var state: String?

    @Flag(help: "Keep the state in memory only (nothing is written).")
    var inMemory = false

    func validate() throws {
        if state != nil, inMemory { throw ValidationError("Give --state or --in-memory, not both.") }
        if state == "" { throw ValidationError("--state: the path is empty; give the state file's path.") }
    }

    /// The place these options name.
    var place: StateFile.Place {
        if let state { return .file(state) }
        return inMemory ? .memory : .temporary
    }
}
