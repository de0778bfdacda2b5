#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// `herald simulate --html FILE` writes through the path it is given and checks it
/// before the run: it never overwrites the scenario or the state file, never replaces
/// a link, a pipe, a device or another user's file by a new one, and a path it cannot
/// write stops the run before the state advances. A folder or an empty path is named
/// for what it is, as is a device given as the scenario.
struct HeraldCommandHTMLOutputTests {
    let command = HeraldCommandTests()

    /// A folder with a state file one day into habits.yaml, and a copy of the scenario.
    func makeStatedFolder() async throws -> (folder: String, state: String, scenario: String, remove: @Sendable () -> Void) {
        let folder = try command.makeFolder()
        let state = folder.path + "/state.sqlite"
        let scenario = folder.path + "/habits.yaml"
        try FileManager.default.copyItem(atPath: ScenarioFixtures.examples.appendingPathComponent("habits.yaml").path,
                                         toPath: scenario)
        let first = try await command.makeExecution(["simulate", scenario, "--days", "1", "--state", state])
        #expect(first.status == 0, "\(first.stderr)")
        return (folder.path, state, scenario, folder.remove)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(arguments: ["state", "state through a link", "scenario", "scenario spelled ./", "new state"])
    func anHTMLPathNamingTheStateOrTheScenarioIsRefused(_ clash: String) async throws {
        // Given a state file and a scenario, and an --html path naming one of them
        let given = try await makeStatedFolder()
        defer { given.remove() }
        try FileManager.default.createSymbolicLink(atPath: given.folder + "/link.sqlite", withDestinationPath: given.state)
        var state = given.state
        let html = switch clash {
        case "state": given.state
        case "state through a link": given.folder + "/link.sqlite"
        case "scenario": given.scenario
        case "scenario spelled ./": given.folder + "/./habits.yaml"
        default: given.folder + "/./new.sqlite"
        }
        if clash == "new state" { state = given.folder + "/new.sqlite" }
        let before = (try bytes(given.state), try bytes(given.scenario))

        // When a run is asked to write its page there
        let run = try await command.makeExecution(["simulate", given.scenario, "--state", state, "--html", html])

        // Then it is refused as a usage error naming the path, before anything is played,
        // and both files are as they were (a new state is not even created)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--html \(html): is the "), "\(run.stderr)")
        #expect(try bytes(given.state) == before.0)
        #expect(try bytes(given.scenario) == before.1)
        #expect(!FileManager.default.fileExists(atPath: given.folder + "/new.sqlite"))
    }

    @Test func thePageIsWrittenThroughALinkAFileOfItsOwnAndADevice() async throws {
        // Given a link to a page, a read-only page file and /dev/null
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let target = folder.path + "/target.html"
        let link = folder.path + "/link.html"
        let readOnly = folder.path + "/read-only.html"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try Data("old".utf8).write(to: URL(fileURLWithPath: readOnly))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
        let inode = try #require(FileManager.default.attributesOfItem(atPath: readOnly)[.systemFileNumber] as? Int)

        // When pages are written to them
        let throughLink = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--html", link])
        let toReadOnly = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--html", readOnly])
        let toNull = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--html", "/dev/null"])

        // Then the link still is one, and its target holds the page
        #expect(throughLink.status == 0, "\(throughLink.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        // And a file the user may not write is refused, unless the user is root, who
        // writes through it: either way it stays the same file with its permissions
        if geteuid() == 0 {
            #expect(toReadOnly.status == 0, "\(toReadOnly.stderr)")
            #expect(try String(contentsOfFile: readOnly, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        } else {
            #expect(toReadOnly.status == 73, "\(toReadOnly.stderr)")
            #expect(toReadOnly.stderr.contains("--html \(readOnly): cannot write the report (Permission denied)"))
            #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "old")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: readOnly)
        #expect(attributes[.systemFileNumber] as? Int == inode)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o444)
        // And /dev/null stays the device
        #expect(toNull.status == 0, "\(toNull.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test func aPipeIsWrittenToAndOneNoProcessReadsIsRefused() async throws {
        // Given a pipe in the file system
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let pipe = folder.path + "/page.pipe"
        try #require(mkfifo(pipe, 0o600) == 0)

        // When a run writes its page to it while nothing reads it
        let unread = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--html", pipe])

        // Then it is refused before the run, and the pipe stays a pipe
        #expect(unread.status == 73, "\(unread.stderr)")
        #expect(unread.stdout.isEmpty)
        #expect(unread.stderr.contains("--html \(pipe): cannot write the report (it is a pipe that no process reads)"))
        #expect(FileStatusKind.isPipe(pipe))

        // And while a process reads it, the page goes through it
        let reader = open(pipe, O_RDWR)
        try #require(reader >= 0)
        defer { close(reader) }
        let page = Task.detached { () -> String in
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !String(decoding: data.suffix(16), as: UTF8.self).contains("</html>") {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            return String(decoding: data, as: UTF8.self)
        }
        let whileRead = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--html", pipe])
        #expect(whileRead.status == 0, "\(whileRead.stderr)")
        #expect(await page.value.hasPrefix("<!DOCTYPE html>"))
        #expect(FileStatusKind.isPipe(pipe))
    }

    @Test func anHTMLPathInAMissingFolderStopsTheRunBeforeTheStateAdvances() async throws {
        // Given a state file one day in, and an --html path in a folder that does not exist
        let given = try await makeStatedFolder()
        defer { given.remove() }
        let before = try bytes(given.state)
        let html = given.folder + "/missing/run.html"

        // When a run is asked for a page there, on that state and on a new one
        let run = try await command.makeExecution(["simulate", given.scenario, "--state", given.state, "--html", html])
        let fresh = try await command.makeExecution(
            ["simulate", given.scenario, "--state", given.folder + "/new.sqlite", "--html", html])

        // Then each stops before playing, naming the path; the state is as it was (not
        // a day further), and no new state file is made
        for refused in [run, fresh] {
            #expect(refused.status == 73, "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr == "error: --html \(html): cannot write the report (its folder does not exist)\n")
        }
        #expect(try bytes(given.state) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: given.folder).sorted() == ["habits.yaml", "state.sqlite"])
    }

    @Test(arguments: [
        (["--html", "FOLDER"], 73, "error: --html FOLDER: is a folder; give a file path for the report\n"),
        (["--html", ""], 64, "error: --html: the path is empty; give the file to write the report to\n"),
        (["--state", "FOLDER"], 73, "error: FOLDER: is a folder, not a state file; give a file path for --state\n"),
        (["--state", "/dev/null"], 73, "error: /dev/null: is a character device, not a state file; give a file path for --state\n"),
    ])
    func aFolderOrAnEmptyPathAsAnOutputIsNamedForWhatItIs(_ options: [String], _ status: Int32, _ message: String) async throws {
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let arguments = options.map { $0 == "FOLDER" ? folder.path : $0 }

        let run = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1"] + arguments)

        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message.replacingOccurrences(of: "FOLDER", with: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        #expect(PathMode(path: "/dev/null").isCharacterDevice)
    }

    @Test func aPipeAsTheStateFileIsRefusedAndStaysAPipe() async throws {
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let pipe = folder.path + "/state.pipe"
        try #require(mkfifo(pipe, 0o600) == 0)

        let run = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", pipe])

        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: \(pipe): is a pipe, not a state file; give a file path for --state\n")
        #expect(FileStatusKind.isPipe(pipe))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.pipe"])
    }

    @Test func anEmptyStatePathIsAUsageError() async throws {
        let run = try await command.makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", ""])

        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: --state: the path is empty; give the state file's path."), "\(run.stderr)")
    }

    @Test(arguments: [
        ("FOLDER", 65, "error: FOLDER: is a folder, not a scenario file; give the scenario file (YAML)\n"),
        ("", 64, "error: the scenario path is empty; give the scenario file (YAML)\n"),
        ("/dev/zero", 65, "error: /dev/zero: is a character device, not a scenario file; give the scenario file (YAML)\n"),
    ])
    func aFolderAnEmptyPathOrADeviceAsTheScenarioIsNamedForWhatItIs(_ path: String, _ status: Int32, _ message: String) async throws {
        let folder = try command.makeFolder()
        defer { folder.remove() }
        let scenario = path == "FOLDER" ? folder.path : path

        let run = try await command.makeExecution(["simulate", scenario, "--days", "1"])

        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message.replacingOccurrences(of: "FOLDER", with: folder.path))
    }
}

/// Whether a path names a pipe (Foundation reports it as an unknown type).
enum FileStatusKind {
    static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }
}

/// What a path names, for checking that a device stayed one.
struct PathMode {
    var mode: mode_t = 0
    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode }
    }
    var isCharacterDevice: Bool { mode & S_IFMT == S_IFCHR }
}
