import ArgumentParser
import Foundation
import HeraldReport
import HeraldScenario
import HeraldSQLite

/// `herald simulate <scenario.yaml> [--days N] [--json] [--html FILE] [--state PATH | --in-memory]`.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a scenario file in simulated time and print its timeline.",
        discussion: """
            The timeline lists every delivery (local time, badge, title, identifier, how it \
            was presented and where the app was), in-app prompts with their actions, every \
            event of the scenario, every reconcile of the engine with its reasons (day \
            changed, time zone changed, significant time change, ...), the app's lifecycle, \
            the user's gestures and each response's route with the app badge after it, then \
            a summary, which counts the requests the notification center dropped above its \
            capacity of 64 (with a warning naming them when there are any). With --json it \
            is one JSON object per line, the summary's field "dropped" the count and \
            "warning" the warning, which also goes to standard error. \
            Herald's state is kept in a SQLite file: a fresh temporary one by default; with \
            --state PATH a new file starts the scenario and keeps where it stopped, and an \
            existing one resumes it for --days more days. A scenario that cannot be read, an \
            event that cannot happen when it comes (a tap with nothing of the entity \
            delivered), or a state file that cannot be resumed (another scenario's, not a Herald \
            database, damaged) exits with status 65 and says where and what to do, leaving \
            the file unchanged; a state file another run is using exits with status 75 at \
            once; a failed write exits with status 74. With --html FILE it also writes the \
            run as one self-contained HTML page (a lane per day, a chart of pending requests \
            against the capacity and the reserve, the re-plans with their reasons, the cuts).
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "Run for this many days (1...366) instead of the scenario's own.")
    var days: Int?

    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Also write the run as one self-contained HTML page to this file.", valueName: "file"))
    var html: String?

    @OptionGroup var state: StateOptions

    func validate() throws {
        if let days, !(1...Scenario.maximumDays).contains(days) {
            throw ValidationError("--days must be 1...\(Scenario.maximumDays), not \(days) (play longer runs in parts with --state).")
        }
    }

    func run() async throws {
        let file = try ScenarioFile.read(commandArgument: scenario)
        // From here a stop by Ctrl-C or SIGTERM removes what the run created.
        SignalCleanup.install()
        let stateFile: StateFile
        do {
            stateFile = try StateFile.open(state.place) { copy, location in
                // Refuse before writing: the checks run on a copy of the file.
                _ = try ScenarioSession(file: file, store: copy, location: location).checkpoint()
            }
        } catch let error as StateFileLock.Busy {
            StandardError.write(error.description)
            throw ExitCode(75)
        } catch {
            StandardError.write("cannot use the state: \(error)")
            throw ExitCode(65)
        }
        defer { stateFile.finish() }
        // The timeline is written as it happens: a run keeps only its counters.
        let standardOutput = StandardOutput()
        defer { standardOutput.flush() }
        let json = output.json ? ScenarioFormattingSink(ScenarioJSONLinesFormatter(), write: standardOutput.write) : nil
        let printed: any ScenarioTimelineSink = json
            ?? ScenarioFormattingSink(ScenarioTextFormatter(columns: .init(for: file.scenario)), write: standardOutput.write)
        // The HTML report follows the same stream, keeping only what its page shows.
        let report = html.map { _ in HTMLReportSink(reserve: file.scenario.planner.reserve) }
        let sink: any ScenarioTimelineSink = report.map { ScenarioTimelineFanOut([printed, $0]) } ?? printed
        let summary: ScenarioSummary
        do {
            summary = try await ScenarioSession(file: file, store: stateFile.store, location: stateFile.location)
                .play(days: days, streamingTo: sink)
        } catch let error as ScenarioError {
            // An event that cannot happen at its point of the run (a tap on nothing): the
            // timeline up to it is out already; JSON says where it stopped, the page shows it.
            json?.emit { $0.stopped(by: error, at: error.summarySoFar?.endedAt) }
            standardOutput.flush()
            if let html, let page = report?.page(summary: error.summarySoFar) {
                try? page.write(toFile: html, atomically: true, encoding: .utf8)
            }
            StandardError.write(error.description)
            throw ExitCode(65)
        } catch let error as ScenarioStateError {
            StandardError.write(error.description)
            throw ExitCode(65)
        } catch let error as StoreError where [StoreError.Code.corrupt, .notHerald, .newerSchema].contains(error.code) {
            // What the file holds is wrong, not the writing of it.
            StandardError.write(error.description)
            throw ExitCode(65)
        } catch let error as StoreError {
            StandardError.write(error.description)
            throw ExitCode(74)
        }
        standardOutput.flush()
        if let html, let page = report?.page() {
            do {
                try page.write(toFile: html, atomically: true, encoding: .utf8)
            } catch {
                StandardError.write("cannot write the report to \(html): \(error.localizedDescription)")
                throw ExitCode(73)
            }
        }
        // The text ends with the warning; JSON carries it in the summary, and a reader
        // watching the terminal sees it here too.
        if output.json, let warning = summary.dropWarning {
            StandardError.warn(warning)
        }
    }
}
