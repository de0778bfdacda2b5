#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HeraldTestSupport
import Testing

/// A `herald simulate --state` run that is stopped half way (SIGKILL, SIGTERM, a full
/// disk) leaves the file at its last save, and the next run resumes from there: its
/// timeline, and the state it saves, are those of a run that was never stopped (the
/// oracle). A file the user may not read or write is an I/O failure (74), a folder the
/// user may not create it in a failure to create the output (73).
struct HeraldCommandStateResumeTests {
    let command = HeraldCommandTests()

    /// A scenario long enough to be stopped half way (seconds in a debug build): 60
    /// entities with three reminders a day, in the foreground.
    static let scenario: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-resume-\(UUID().uuidString).yaml")
        var text = ScenarioFixtures.header + "days: 30\napp: foreground\nentities:\n"
        for index in 0..<60 {
            text += "  - {id: e\(index), title: E\(index), rules: [{id: r, daily: [\"08:00\", \"13:00\", \"19:00\"]}]}\n"
        }
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }()

    func simulate(_ days: Int, _ state: String) async throws -> HeraldCommandTests.Execution {
        try await command.makeExecution(["simulate", Self.scenario, "--days", "\(days)", "--state", state])
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(arguments: [SIGKILL, SIGTERM, SIGINT])
    func aRunStoppedHalfWayResumesFromTheLastSave(_ signalNumber: Int32) async throws {
        // Given the oracle: 2 days, then 20 more, then 1 more, never stopped
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let oracle = folder.path + "/oracle.sqlite"
        #expect(try await simulate(2, oracle).status == 0)
        let oracleRest = try await simulate(20, oracle)
        let oracleNext = try await simulate(1, oracle)
        #expect(oracleRest.status == 0 && oracleNext.status == 0, "\(oracleRest.stderr)")

        // And the same 2 days on another file, then the 20 more stopped half way
        let path = folder.path + "/state.sqlite"
        #expect(try await simulate(2, path).status == 0)
        let saved = try bytes(path)
        // (its output waits in a pipe the test reads: the run cannot end before the
        // test has read all but a pipe's buffer of it)
        try #require(oracleRest.stdout.utf8.count > 20_000 + GatedOutput.pipeBuffer)
        let output = try GatedOutput()
        let process = try command.startHerald(["simulate", Self.scenario, "--days", "20", "--state", path], output: output)
        // Half way: once some days are printed
        let first = await output.read(atLeast: 20_000)
        let stoppedMidRun = process.isRunning
        kill(process.processIdentifier, signalNumber)
        let rest = await output.readToEnd()
        process.waitUntilExit()
        #expect(stoppedMidRun, "the run ended before the test could stop it")
        #expect(first.count + rest.count < oracleRest.stdout.utf8.count)

        // When the file is used again
        let afterStop = try bytes(path)
        let resumed = try await simulate(20, path)
        let next = try await simulate(1, path)

        // Then it was still the last save, and the runs print what the oracle's did
        #expect(afterStop == saved)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout == oracleRest.stdout)
        #expect(next.stdout == oracleNext.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["oracle.sqlite", "state.sqlite"])
    }

    @Test func aFullDiskLeavesTheLastSaveToResumeFrom() async throws {
        // A full disk needs a small file system of its own: root can mount one
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let disk = folder.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        guard geteuid() == 0, mount("tmpfs", disk, "tmpfs", 0, "size=8m") == 0 else {
            // Not root (or no mounting here): SQLiteSaveTests covers a full disk through
            // the store's failure simulation.
            return
        }
        defer { umount(disk) }
        let oracle = folder.path + "/oracle.sqlite"
        #expect(try await simulate(1, oracle).status == 0)
        let oracleRest = try await simulate(20, oracle)

        // Given a state file on a small disk
        let path = disk + "/state.sqlite"
        #expect(try await simulate(1, path).status == 0)
        let saved = try bytes(path)

        // When the disk fills up while a run plays on it (once it printed a few days;
        // its output waits in a pipe the test reads, so the run cannot end before the
        // test has read all but a pipe's buffer of it)
        try #require(oracleRest.stdout.utf8.count > 20_000 + GatedOutput.pipeBuffer)
        let messages = folder.path + "/messages.txt"
        _ = FileManager.default.createFile(atPath: messages, contents: nil)
        let output = try GatedOutput()
        let process = Process()
        process.executableURL = try HeraldCommandTests.heraldExecutable()
        process.arguments = ["simulate", Self.scenario, "--days", "20", "--state", path]
        process.currentDirectoryURL = ScenarioFixtures.packageRoot
        process.standardOutput = output.childEnd
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: messages))
        try process.run()
        output.childStarted()
        _ = await output.read(atLeast: 20_000)
        let filledMidRun = process.isRunning
        let filler = disk + "/filler"
        let handle = open(filler, O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 1, count: 4096)
        while write(handle, block, block.count) == block.count {}
        close(handle)
        _ = await output.readToEnd()
        process.waitUntilExit()

        // Then the run exits 74 saying so, and the file is its last save
        #expect(filledMidRun, "the run ended before the test could fill the disk")
        let stderr = try String(contentsOfFile: messages, encoding: .utf8)
        #expect(process.terminationStatus == 74, "\(stderr)")
        #expect(stderr == "error: \(path): the disk is full, so the run was not saved; the file keeps its last save: "
                + "free some space and run again to go on from it\n")
        #expect(try bytes(path) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["filler", "state.sqlite"])

        // And once there is space again, the run resumes from it as if nothing happened
        unlink(filler)
        let resumed = try await simulate(20, path)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout == oracleRest.stdout)
    }

    /// Runs herald as the user `nobody` when the tests run as root (who may read and
    /// write anything), as the test's user otherwise.
    func simulateWithoutPrivileges(_ arguments: [String]) async throws -> HeraldCommandTests.Execution {
        guard geteuid() == 0 else { return try await command.makeExecution(arguments) }
        return try await HeraldCommandTests.execute(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", try HeraldCommandTests.heraldExecutable().path] + arguments)
    }

    @Test func aStateFileTheUserMayNotReadWriteOrCreateIsAnOutputFailure() async throws {
        guard geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        // Given a state file only its owner may read, in a folder only its owner may write
        let folder = try command.makeFolder()
        defer { folder.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let path = folder.path + "/state.sqlite"
        #expect(try await simulate(1, path).status == 0)
        let saved = try bytes(path)
        // And one the user may read but not write
        let readOnly = folder.path + "/read-only.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: readOnly)
        try FileManager.default.setAttributes([.posixPermissions: geteuid() == 0 ? 0o644 : 0o444], ofItemAtPath: readOnly)
        if geteuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }

        // When another user resumes it, or starts a new one beside it
        let unreadable = try await simulateWithoutPrivileges(["simulate", Self.scenario, "--days", "1", "--state", path])
        let uncreatable = try await simulateWithoutPrivileges(
            ["simulate", Self.scenario, "--days", "1", "--state", folder.path + "/new.sqlite"])
        let unwritable = try await simulateWithoutPrivileges(["simulate", Self.scenario, "--days", "1", "--state", readOnly])

        // Then the first and the last are I/O failures (refused before the run), the
        // second cannot create its output, each naming the file; nothing changes
        #expect(unreadable.status == 74, "\(unreadable.stderr)")
        #expect(unreadable.stderr == "error: \(path): cannot open the state file (Permission denied)\n")
        #expect(uncreatable.status == 73, "\(uncreatable.stderr)")
        #expect(uncreatable.stderr == "error: \(folder.path)/new.sqlite: cannot create the state file (Permission denied)\n")
        #expect(unwritable.status == 74, "\(unwritable.stderr)")
        #expect(unwritable.stdout.isEmpty)
        #expect(unwritable.stderr == "error: \(readOnly): cannot write the state file (the file: Permission denied)\n")
        #expect(try bytes(readOnly) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["read-only.sqlite", "state.sqlite"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try bytes(path) == saved)
    }
}
