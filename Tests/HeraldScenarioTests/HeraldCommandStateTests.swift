import Foundation
import Testing

/// `herald simulate --state PATH`: pause a scenario, resume it in another process, and
/// refuse state files that are not the scenario's; by default every run starts afresh.
extension HeraldCommandTests {
    /// A path in the temporary directory for a state file, and a way to remove it with
    /// SQLite's companion files.
    func makeStatePath() -> (path: String, remove: @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-state-\(UUID().uuidString).sqlite").path
        return (path, { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } })
    }

    /// The JSON lines of a run without its summary.
    func timeline(_ run: Execution) -> [Substring] {
        run.stdout.split(separator: "\n").filter { !$0.contains("\"type\":\"summary\"") }
    }

    @Test func stateFileResumesWhereTheLastRunStopped() async throws {
        // Given a state file that does not exist yet
        let state = makeStatePath()
        defer { state.remove() }

        // When the habits scenario runs 2 days, then 3 more from the file
        let first = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "2", "--state", state.path, "--json"])
        let second = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "3", "--state", state.path, "--json"])
        let once = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "5", "--json"])

        // Then the two parts deliver exactly what one 5-day run delivers, in order
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(once.status == 0, "\(once.stderr)")
        let deliveries = { (lines: [Substring]) in lines.filter { $0.contains("\"type\":\"delivery\"") } }
        #expect(deliveries(timeline(first) + timeline(second)) == deliveries(timeline(once)))
        #expect(!deliveries(timeline(second)).isEmpty)
        #expect(timeline(first) + timeline(second) == timeline(once))
        let summary = try #require(second.stdout.split(separator: "\n").last.map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        } ?? nil)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["start"] as? String == "2026-11-23T08:00")
        #expect(summary["end"] as? String == "2026-11-26T08:00")
    }

    @Test func stateFileResumesTheTextTimelineToo() async throws {
        let state = makeStatePath()
        defer { state.remove() }

        let first = try await makeExecution(["simulate", "Examples/travel-and-clock.yaml", "--days", "2", "--state", state.path])
        let second = try await makeExecution(["simulate", "Examples/travel-and-clock.yaml", "--days", "2", "--state", state.path])
        let once = try await makeExecution(["simulate", "Examples/travel-and-clock.yaml"])

        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        let deliveries = { (run: Execution) in
            run.stdout.split(separator: "\n").filter { $0.contains("  delivery  ") }
                .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        }
        #expect(deliveries(first) + deliveries(second) == deliveries(once))
        // The second part has the flight (compared word by word: the time column's
        // width depends on the zone abbreviations of the whole timeline)
        let words = { (line: String) in line.split(separator: " ").joined(separator: " ") }
        let lines = second.stdout.split(separator: "\n").map { words(String($0)) }
        #expect(lines.filter { $0.contains("Asia/Tokyo") && $0.contains(" event ") }
            == [words("\(try Self.when("2026-10-27 01:00", utc: "2026-10-27T00:00:00Z")) event the device moves to Asia/Tokyo")])
        // and the travel notice of the run that first saw Tokyo: the floating water differs
        #expect(lines.contains { $0.contains(" travel Europe/Berlin → Asia/Tokyo: habit/water/morning") })
    }

    @Test func everyRunWithoutStateStartsAfresh() async throws {
        let runs = [
            try await makeExecution(["simulate", "Examples/habits.yaml"]),
            try await makeExecution(["simulate", "Examples/habits.yaml"]),
            try await makeExecution(["simulate", "Examples/habits.yaml", "--in-memory"]),
        ]

        #expect(runs.allSatisfy { $0.status == 0 })
        #expect(runs[0].stdout == runs[1].stdout)
        #expect(runs[0].stdout == runs[2].stdout)
    }

    @Test func stateOfAnotherScenarioIsRefusedAndKept() async throws {
        // Given a state file of the habits scenario
        let state = makeStatePath()
        defer { state.remove() }
        let first = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", state.path])
        #expect(first.status == 0, "\(first.stderr)")

        // When another scenario is run on it
        let other = try await makeExecution(["simulate", "Examples/seed-004-badges.yaml", "--state", state.path])

        // Then herald refuses, names the file and says what to do
        #expect(other.status == 65)
        #expect(other.stdout.isEmpty)
        #expect(other.stderr.contains("\(state.path): holds the state of the scenario \"Habits in Berlin\""), "\(other.stderr)")
        #expect(other.stderr.contains("delete the file to start over"))
        // And the habits scenario still resumes from it as if nothing happened (SQLite may
        // touch the file's header when it opens it; the data is what counts)
        let resumed = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--state", state.path, "--json"])
        let once = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "2", "--json"])
        #expect(!timeline(resumed).isEmpty)
        let firstJSON = try await makeExecution(["simulate", "Examples/habits.yaml", "--days", "1", "--json"])
        #expect(timeline(firstJSON) + timeline(resumed) == timeline(once))
    }

    @Test func aFileThatIsNotAHeraldDatabaseIsRefusedAndKept() async throws {
        let state = makeStatePath()
        defer { state.remove() }
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: state.path))

        let run = try await makeExecution(["simulate", "Examples/habits.yaml", "--state", state.path])

        #expect(run.status == 65)
        #expect(run.stderr.contains(state.path), "\(run.stderr)")
        #expect(run.stderr.contains("delete it"), "\(run.stderr)")
        #expect(try String(contentsOfFile: state.path, encoding: .utf8) == "not a database\n")
    }

    @Test func stateAndInMemoryTogetherAreAUsageError() async throws {
        let run = try await makeExecution(["simulate", "Examples/habits.yaml", "--state", "x.sqlite", "--in-memory"])

        #expect(run.status != 0)
        #expect(run.stderr.contains("--state or --in-memory"))
        #expect(!FileManager.default.fileExists(atPath: ScenarioFixtures.packageRoot.appendingPathComponent("x.sqlite").path))
    }
}
