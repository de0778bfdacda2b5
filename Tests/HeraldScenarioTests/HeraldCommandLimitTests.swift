import Foundation
import Testing

/// Hostile command lines: `herald` refuses them with an exit status and a message
/// (64 for a bad command-line value, 65 for a bad rule or file), within seconds, and
/// never traps (132, 134) or runs unbounded.
struct HeraldCommandLimitTests {
    struct Execution {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process had to be stopped at the time limit.
        var timedOut: Bool
    }

    /// Runs `herald` with `arguments` in the package's root directory, stopping it after
    /// `limit` seconds. The limit only stops a run that would never end: the suite runs
    /// its tests in parallel on few cores, so a run that takes a second alone can take a
    /// minute here. How fast `herald` is, the benchmarks measure.
    func makeExecution(_ arguments: [String], limit: TimeInterval = 300) async throws -> Execution {
        let process = Process()
        process.executableURL = try HeraldCommandTests.heraldExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = ScenarioFixtures.packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        var timedOut = false
        // Drain the pipes while waiting, so a large output cannot block the process.
        async let stdout = HeraldCommandTests.readToEnd(output.fileHandleForReading)
        async let stderr = HeraldCommandTests.readToEnd(errors.fileHandleForReading)
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return Execution(status: process.terminationStatus, stdout: String(decoding: await stdout, as: UTF8.self),
                         stderr: String(decoding: await stderr, as: UTF8.self), timedOut: timedOut)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let occurrences = ["occurrences", "FREQ=DAILY;BYHOUR=9", "--zone", "UTC", "--from", "2026-01-01"]

    @Test(arguments: [
        Refusal(arguments: ["occurrences", "FREQ=HOURLY;INTERVAL=153722867280912931", "--zone", "UTC", "--from", "2026-01-01"],
                status: 65, mentions: "INTERVAL at position 13: 153722867280912931 is not in 1...2400000"),
        Refusal(arguments: occurrences + ["--days", "1000000000000000"], status: 64, mentions: "--days must be 1...36525"),
        Refusal(arguments: occurrences + ["--days", "100000000"], status: 64, mentions: "--days must be 1...36525"),
        // A hundred years is the longest span: one day more is refused
        Refusal(arguments: occurrences + ["--days", "36526"], status: 64, mentions: "--days must be 1...36525"),
        Refusal(arguments: occurrences + ["--days", "0"], status: 64, mentions: "--days must be 1...36525"),
        Refusal(arguments: occurrences + ["--limit", "0"], status: 64, mentions: "--limit must be 1...1000000"),
        Refusal(arguments: occurrences + ["--limit=-5"], status: 64, mentions: "--limit must be 1...1000000"),
        Refusal(arguments: occurrences + ["--limit", "1000001"], status: 64, mentions: "--limit must be 1...1000000"),
        Refusal(arguments: occurrences + ["--limit", "1000000000000000000000"], status: 64, mentions: "--limit"),
        Refusal(arguments: ["simulate", "Examples/habits.yaml", "--days", "1000000000000000"], status: 64,
                mentions: "--days must be 1...366"),
        Refusal(arguments: ["simulate", "Examples/habits.yaml", "--days", "0"], status: 64, mentions: "--days must be 1...366"),
        Refusal(arguments: ["occurrences", "", "--zone", "UTC", "--from", "2026-01-01"], status: 65, mentions: "the rule is empty"),
        Refusal(arguments: ["occurrences", "  \n ", "--zone", "UTC", "--from", "2026-01-01"], status: 65,
                mentions: "the rule is empty"),
    ])
    func refusesWithAStatusAndAMessage(_ given: Refusal) async throws {
        // When herald runs
        let run = try await makeExecution(given.arguments)

        // Then it stops at once with the status and says why
        #expect(!run.timedOut)
        #expect(run.status == given.status, "\(run.stderr)")
        #expect(run.stderr.contains(given.mentions), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func moreThanAYearIsNowListed() async throws {
        // When 400 days are asked for (refused while listings stopped at 366 days)
        let run = try await makeExecution(["occurrences", "FREQ=DAILY;BYHOUR=9", "--zone", "UTC", "--from", "2026-01-01",
                                           "--days", "400"])

        // Then one occurrence a day is listed, the 400th on 4 February 2027 (2026 has 365 days)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 400)
        #expect(lines.last == "2027-02-04T09:00  2027-02-04T09:00:00Z")
    }

    @Test func aCenturyOfMinutesAtTheLargestLimitStopsInTime() async throws {
        // When a rule that fires 52,596,000 times in 100 years (1,440 a day) is listed
        // with the largest limit
        let run = try await makeExecution(["occurrences", "FREQ=MINUTELY", "--zone", "UTC", "--from", "2026-01-01",
                                           "--days", "36525", "--limit", "1000000"], limit: 600)

        // Then it stops at a million (6 s alone in a debug build), never running on, and
        // says so: the last is the 999,999th minute after 1 January 2026 00:00, 694 days
        // (to 26 November 2027) and 999,999 - 694 × 1,440 = 639 minutes, 10:39
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("2027-11-26T10:39  2027-11-26T10:39:00Z\n"))
        #expect(run.stderr == "stopped at the limit of 1000000 occurrences; list the rest with a later --from\n")
    }

    @Test func aWholeLeapYearIsListed() async throws {
        // When the longest listing is asked for, from 1 January 2028 (a leap year)
        let run = try await makeExecution(["occurrences", "FREQ=DAILY;BYHOUR=9", "--zone", "UTC", "--from", "2028-01-01",
                                           "--days", "366"])

        // Then it lists one occurrence a day, the last on 31 December
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 366)
        #expect(lines.last?.hasPrefix("2028-12-31T09:00") == true)
    }
}
