import ArgumentParser
import Foundation
import Herald
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
            the file unchanged; a state file another run is using (by any name) exits with \
            status 75 at once; a state file that cannot be created exits with status 73, \
            one that cannot be read or saved (a full disk) with status 74. The state file is \
            saved only when the run ends: a run stopped half way leaves its last save, which \
            the next run resumes. With --html FILE it also writes the run as one \
            self-contained HTML page (a lane per day, a chart of pending requests against \
            the capacity and the reserve, the re-plans with their reasons, the cuts); the \
            path is checked before the run (not the scenario or the state file: status 64; \
            a folder or a missing folder: 73) and written through, never replaced. \
            A scenario of several devices (devices:) prints one timeline whose lines each \
            name their device, whether each delivery alerted there, the app's records' \
            travels, each device's summary and, per occurrence, the devices it alerted on; \
            its HTML page (--html) has a lane per device each day; it plays from its start \
            in memory (--state is refused with status 64).
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
        do {
            try await play(file)
            SignalCleanup.holdIfStopping()
        } catch let failure as CommandFailure {
            SignalCleanup.holdIfStopping()
            StandardError.write(failure.message)
            throw failure.status.exitCode
        } catch {
            SignalCleanup.holdIfStopping()
            throw error
        }
    }

    /// Checks every output, then plays; a state file is saved only once the run ended.
    private func play(_ file: ScenarioFile) async throws {
        if file.scenario.household != nil {
            try await playOnSeveralDevices(file)
            return
        }
        if let html {
            var files = [(path: scenario, role: "the scenario file")]
            if case .file(let path) = state.place {
                files += ["", "-wal", "-shm", "-journal"].map { (path + $0, $0.isEmpty ? "the state file" : "the state file's \($0) file") }
            }
            try ReportOutputFile.refuseClash(html, with: files)
        }
        // The page's file first: one the run made is removed again when the state is
        // refused, and a new state file is not made when the page cannot be written.
        let htmlFile = try html.map(ReportOutputFile.open)
        defer { htmlFile?.close() }
        let stateFile = try openState()
        defer { stateFile.finish() }
        // The timeline is written as it happens: a run keeps only its counters.
        let standardOutput = StandardOutput()
        defer { standardOutput.flush() }
        let json = output.json ? ScenarioFormattingSink(ScenarioJSONLinesFormatter(), write: standardOutput.write) : nil
        let printed: any ScenarioTimelineSink = json
            ?? ScenarioFormattingSink(ScenarioTextFormatter(columns: .init(for: file.scenario)), write: standardOutput.write)
        // The HTML report follows the same stream, keeping only what its page shows.
        let report = html.map { _ in HTMLReportSink(for: file.scenario, stories: true) }
        // The page opens each delivery's and cut's story: the run's engines share one history.
        let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, (days ?? file.scenario.days) + 1))
        let sink: any ScenarioTimelineSink = report.map { ScenarioTimelineFanOut([printed, $0]) } ?? printed
        let summary: ScenarioSummary
        do {
            var session = ScenarioSession(file: file, store: stateFile.store, location: stateFile.location)
            session.history = report == nil ? nil : history
            summary = try await session.play(days: days, streamingTo: sink)
        } catch let error as ScenarioError {
            // An event that cannot happen at its point of the run (a tap on nothing): the
            // timeline up to it is out already; JSON says where it stopped, the page shows
            // it. A state file keeps its last save.
            json?.emit { $0.stopped(by: error, at: error.summarySoFar?.endedAt) }
            standardOutput.flush()
            if let htmlFile, let page = report?.page(summary: error.summarySoFar) {
                try? htmlFile.write(page)
            }
            throw CommandFailure(ExitStatus.of(error), error.description)
        } catch let error as ScenarioStateError {
            throw CommandFailure(ExitStatus.of(error), error.description)
        } catch let error as StoreError {
            throw Self.failure(error)
        }
        standardOutput.flush()
        if let htmlFile, let report {
            let teller = Self.teller(history, file: file, store: stateFile.store, summary: summary,
                                     deliveries: report.deliveries)
            if let page = report.page(tell: teller.story(of:at:)) { try htmlFile.write(page) }
        }
        do {
            try stateFile.save()
        } catch let error as StoreError {
            throw Self.failure(error)
        }
        // The text ends with the warning; JSON carries it in the summary, and a reader
        // watching the terminal sees it here too.
        if output.json, let warning = summary.dropWarning {
            StandardError.warn(warning)
        }
    }

    /// Tells the stories of the run's occurrences for the page: its rules as the file
    /// declares them (a story places an occurrence where its plan did).
    private static func teller(_ history: OccurrenceHistory, file: ScenarioFile, store: any EngineStore,
                               summary: ScenarioSummary, deliveries: [TimelineDelivery]) -> ScenarioStoryTeller {
        ScenarioStoryTeller(
            scenario: file.scenario, history: history, state: try? store.load(), now: summary.endedAt ?? .distantPast,
            deliveries: deliveries, dropped: summary.droppedIdentifiers)
    }

    /// Opens the state the options name. The session checks whose state it holds (and
    /// decodes the saved progress, once) before it plays: on a copy of a named file,
    /// which only a run that ended saves back.
    private func openState() throws -> StateFile {
        do {
            return try StateFile.open(state.place)
        } catch let error as StateFileLock.Busy {
            throw CommandFailure(ExitStatus.of(error), error.description)
        } catch let error as StoreError {
            throw Self.failure(error)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "cannot use the state: \(error)")
        }
    }

    /// 65 when what a store holds is wrong, 74 when reading or writing it failed; a
    /// full disk is named as such (SQLite reports one it meets while opening its `-shm`
    /// as an I/O error).
    private static func failure(_ error: StoreError) -> CommandFailure {
        let status = ExitStatus.of(error)
        if status == .ioError, let path = error.path, error.code == .full || FileStatus.isOnFullDisk(path) {
            return CommandFailure(status, "\(path): the disk is full, so the run was not saved; the file "
                                  + "keeps its last save: free some space and run again to go on from it")
        }
        return CommandFailure(status, error.description)
    }

    /// A scenario of several devices: one timeline, each line naming its device.
    private func playOnSeveralDevices(_ file: ScenarioFile) async throws {
        if state.place != .temporary && state.place != .memory {
            throw CommandFailure(.usage, "\(scenario): a scenario of several devices plays from its start in memory: drop --state (a state file holds one device's engine)")
        }
        if let html { try ReportOutputFile.refuseClash(html, with: [(path: scenario, role: "the scenario file")]) }
        let htmlFile = try html.map(ReportOutputFile.open)
        defer { htmlFile?.close() }
        do {
            let result = try await HouseholdScenarioRunner(scenario: file.scenario, days: days).run()
            let standardOutput = StandardOutput()
            defer { standardOutput.flush() }
            standardOutput.write(output.json ? result.jsonLines() : result.text())
            try htmlFile?.write(result.htmlPage(reserve: file.scenario.planner.reserve))
        } catch let error as ScenarioError {
            throw CommandFailure(ExitStatus.of(error), error.description)
        }
    }
}
