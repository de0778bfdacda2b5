#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import HeraldTestSupport
import Testing

/// `herald simulate --state PATH` on state files it must not use: each is refused with
/// its exit status and a message saying what the file is, and left byte for byte as it
/// was; a file another run holds is refused at once; a run leaves nothing behind in
/// the temporary directory, also when it is stopped.
///
/// | file at PATH                           | status | message says                                                  |
/// |----------------------------------------|--------|---------------------------------------------------------------|
/// | another app's database (`users`)       | 65     | is an SQLite database with table users that Herald did not create |
/// | another app's database (`settings`)    | 65     | … with table settings that Herald did not create              |
/// | an empty file (0 bytes)                | 65     | is an empty file (0 bytes) that Herald did not create         |
/// | a file of 1 byte                       | 65     | is not a Herald database … (it holds 1 byte, fewer than any SQLite database) |
/// | a text file                            | 65     | is not a Herald database or its content is damaged            |
/// | another scenario's state               | 65     | holds the state of the scenario "Habits in Berlin"            |
/// | the state of the scenario before an edit | 65   | … as its file was then, not of this scenario file             |
/// | Herald state without a scenario        | 65     | holds Herald state but no scenario's progress                 |
/// | a run that stopped half way (a library run, an older herald) | 65 | stopped before it could save its progress     |
/// | a dropped table                        | 65     | table deletions: missing                                      |
/// | a stored value that is not JSON        | 65     | is not valid JSON                                             |
/// | one damaged byte in an index           | 65     | is not a Herald database or its content is damaged (integrity check) |
/// | a file another run is using (by any name) | 75  | another herald run is using this state file                   |
extension HeraldCommandTests {
    enum RefusedStateFile: String, CaseIterable, CustomTestStringConvertible {
        case usersTable, settingsTable, emptyFile, oneByteFile, textFile, anotherScenario, editedScenario,
             heraldStateWithoutScenario, interruptedRun, droppedTable, invalidJSON, damagedIndex

        var testDescription: String { rawValue }

        var message: String {
            switch self {
            case .usersTable: "the file is an SQLite database with table users that Herald did not create"
            case .settingsTable: "the file is an SQLite database with table settings that Herald did not create"
            case .emptyFile: "the file is an empty file (0 bytes) that Herald did not create"
            case .oneByteFile: "the file is not a Herald database or its content is damaged. Restore the file from a backup, or delete it to start over with empty state; Herald will not reset it for you. (it holds 1 byte, fewer than any SQLite database)"
            case .textFile: "the file is not a Herald database or its content is damaged"
            case .anotherScenario: "holds the state of the scenario \"Habits in Berlin\" as its file was then"
            case .editedScenario: "holds the state of the scenario \"Habits in Berlin\" as its file was then, not of this scenario file"
            case .heraldStateWithoutScenario: "holds Herald state but no scenario's progress"
            case .interruptedRun: "a run of \"Habits in Berlin\" on it stopped before it could save its progress"
            case .droppedTable: "table deletions: missing, though the database's migrations created it"
            case .invalidJSON: "is not valid JSON"
            case .damagedIndex: "the file is not a Herald database or its content is damaged"
            }
        }
    }

    /// A folder in the temporary directory, with a way to remove it.
    func makeFolder() throws -> (path: String, remove: @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-state-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path, { try? FileManager.default.removeItem(atPath: path) })
    }

    /// Writes the file `kind` names at `path` in `folder`; returns the scenario to run on it.
    func makeRefusedStateFile(_ kind: RefusedStateFile, at path: String, in folder: String) async throws -> String {
        let habits = "Examples/habits.yaml"
        func runHabits(_ scenario: String = habits) async throws {
            let run = try await makeExecution(["simulate", scenario, "--days", "1", "--state", path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        func edit(_ sql: String) throws {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: sql)
                _ = try db.checkpoint(.truncate)
            }
            try queue.close()
        }
        switch kind {
        case .usersTable, .settingsTable:
            let table = kind == .usersTable ? "users (id INTEGER PRIMARY KEY, name TEXT)" : "settings (key TEXT PRIMARY KEY, value TEXT)"
            try edit("CREATE TABLE \(table)")
        case .emptyFile:
            try Data().write(to: URL(fileURLWithPath: path))
        case .oneByteFile:
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        case .textFile:
            try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        case .anotherScenario:
            try await runHabits()
            return "Examples/seed-004-badges.yaml"
        case .editedScenario:
            let scenario = folder + "/habits.yaml"
            let text = try String(contentsOfFile: ScenarioFixtures.packageRoot.appendingPathComponent(habits).path, encoding: .utf8)
            try text.write(toFile: scenario, atomically: true, encoding: .utf8)
            try await runHabits(scenario)
            try (text + "# edited\n").write(toFile: scenario, atomically: true, encoding: .utf8)
            return scenario
        case .heraldStateWithoutScenario:
            try await runHabits()
            try edit("DELETE FROM settings WHERE key LIKE 'scenario.%'")
        case .interruptedRun:
            try await runHabits()
            try edit("INSERT INTO settings (key, value) VALUES ('scenario.running', 'true')")
        case .droppedTable:
            try await runHabits()
            try edit("DROP TABLE deletions")
        case .invalidJSON:
            try await runHabits()
            try edit("UPDATE settings SET value = '{\"next_event\": ' WHERE key = 'scenario.progress'")
        case .damagedIndex:
            try await runHabits()
            try damageIndex(of: path)
        }
        return habits
    }

    @Test(arguments: RefusedStateFile.allCases)
    func aStateFileThatCannotBeResumedIsRefusedUnchanged(_ kind: RefusedStateFile) async throws {
        // Given a file at the state path that the run must not use
        let folder = try makeFolder()
        defer { folder.remove() }
        let path = folder.path + "/state.sqlite"
        let scenario = try await makeRefusedStateFile(kind, at: path, in: folder.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

        // When a scenario runs on it
        let run = try await makeExecution(["simulate", scenario, "--state", path])

        // Then herald exits 65 naming the file and saying what it is, prints no timeline,
        // and leaves the file byte for byte as it was, with nothing beside it
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(path), "\(run.stderr)")
        #expect(run.stderr.contains(kind.message), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files)
    }

    @Test func aStateFileAnotherRunHoldsIsRefusedAtOnce() async throws {
        // Given a state file and a process holding its lock, as a running herald does
        let folder = try makeFolder()
        defer { folder.remove() }
        let path = folder.path + "/state.sqlite"
        let first = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", path])
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let holder = open(path, O_RDONLY)
        try #require(holder >= 0)
        try #require(flock(holder, LOCK_EX | LOCK_NB) == 0)

        // When another run resumes it
        let refused = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", path])

        // Then it is refused with status 75, says so, and does not touch the state
        #expect(refused.status == 75, "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "error: \(path): another herald run is using this state file; wait for it to end and run again, or give another --state path\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        // And once the holder ends, the run resumes, with nothing left beside the file
        close(holder)
        let resumed = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", path])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("delivery"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.sqlite"])
    }

    /// A run that prints far more than a pipe holds (200 entities with three reminders
    /// a day for a year, in the foreground): with its output to a ``GatedOutput`` the
    /// test does not read, it waits in a write until the test stops it, so no test can
    /// miss it while it runs, however fast the run or slow the machine.
    /// Its file is written once per test process.
    static let longRun: [String] = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-long-run-\(UUID().uuidString).yaml")
        // In the foreground the app re-plans at every day change, and the list is never cleared.
        var text = ScenarioFixtures.header + "days: 366\napp: foreground\nentities:\n"
        for index in 0..<200 {
            text += "  - {id: e\(index), title: E\(index), rules: [{id: r, daily: [\"08:00\", \"13:00\", \"19:00\"]}]}\n"
        }
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return ["simulate", url.path]
    }()

    /// Starts `herald` with `arguments` without waiting for it, its output written to
    /// `output` (read by the test when it chooses), its messages discarded.
    func startHerald(_ arguments: [String], output: GatedOutput, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.heraldExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = ScenarioFixtures.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output.childEnd
        process.standardError = FileHandle.nullDevice
        try process.run()
        output.childStarted()
        return process
    }

    /// Stops a run started with ``startHerald(_:output:environment:)`` with
    /// `signalNumber`, reading what it still writes while it exits.
    func stop(_ process: Process, _ signalNumber: Int32, output: GatedOutput) async {
        kill(process.processIdentifier, signalNumber)
        _ = await output.readToEnd()
        process.waitUntilExit()
    }

    @Test func twoRunsOnOneStateFileNeverOverlap() async throws {
        // Given a long run that has started on a new state file
        let folder = try makeFolder()
        defer { folder.remove() }
        let path = folder.path + "/state.sqlite"
        let output = try GatedOutput()
        let long = try startHerald(Self.longRun + ["--state", path], output: output)
        // Its first lines: it holds the file and plays (it cannot end while the test
        // reads no more)
        _ = await output.read(atLeast: 1)
        try #require(long.isRunning, "the first run ended before the test could overlap it")

        // When a second run starts on it through a symbolic link while the first runs
        let link = folder.path + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let second = try await makeExecution(Self.longRun + ["--state", link])
        let firstStillRan = long.isRunning

        // Then the second is refused at once without touching the run
        #expect(firstStillRan)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("another herald run is using this state file"), "\(second.stderr)")

        // And once the first ends (stopped here), its lock is gone and a run resumes
        // from the file's last save (here: the start)
        await stop(long, SIGTERM, output: output)
        #expect(long.terminationStatus == 128 + SIGTERM)
        let third = try await makeExecution(Self.longRun + ["--days", "1", "--state", link])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.sqlite", "state.sqlite"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
    }

    @Test func aDefaultRunLeavesNothingInTheTemporaryDirectory() async throws {
        let folder = try makeFolder()
        defer { folder.remove() }

        let done = try await makeExecution(["simulate", "Examples/habits.yaml"], environment: ["TMPDIR": folder.path])

        #expect(done.status == 0, "\(done.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test(arguments: [SIGTERM, SIGINT], [0, 1, 5, 20, 100])
    func aStoppedDefaultRunRemovesItsTemporaryFiles(_ signalNumber: Int32, _ delay: Int) async throws {
        // Given a long default run, its state file in a folder of its own. The signal
        // comes as soon as the run's folder appears (delay 0: while SQLite creates its
        // files in it) or a few milliseconds later: the folder's removal is registered
        // before it is made, SQLite cannot create a file in it once it is removed, a
        // failure that causes never exits first, and the signal is never lost.
        let folder = try makeFolder()
        defer { folder.remove() }
        let output = try GatedOutput()
        let process = try startHerald(Self.longRun, output: output, environment: ["TMPDIR": folder.path])
        while try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, process.isRunning {
            try await Task.sleep(for: .milliseconds(1))
        }
        if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }

        // When it is stopped mid-run (it cannot have ended: its output waits for the test)
        let wasRunning = process.isRunning
        await stop(process, signalNumber, output: output)

        // Then it exits with 128 + the signal and leaves no file behind
        #expect(wasRunning)
        #expect(process.terminationStatus == 128 + signalNumber, "\(process.terminationStatus)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    /// Changes the last byte of the index `completions_by_day`'s root page, which SQLite's
    /// quick check does not look at: the index then names a row its table does not hold.
    func damageIndex(of path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let (root, pageSize) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'completions_by_day'") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        try queue.close()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let offset = UInt64(root * pageSize - 1)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: [byte ^ 0x01])
        try handle.close()
        // The finding: the quick check passes, the full check does not.
        let damaged = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        let checks = try damaged.read { db in
            (try String.fetchAll(db, sql: "PRAGMA quick_check"), try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
        try damaged.close()
        #expect(checks.0 == ["ok"])
        #expect(checks.1 != ["ok"])
    }
}
