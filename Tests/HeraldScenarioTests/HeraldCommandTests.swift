import Foundation
import Testing

/// End-to-end tests of the `herald` executable, by its output and exit status, like
/// `AssertExecuteCommand` in swift-argument-parser's example tests.
struct HeraldCommandTests {
    struct Execution {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `herald`: next to the test bundle (the build products directory), or
    /// in the package's `.build/debug`.
    static func heraldExecutable() throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            var directory = executable.deletingLastPathComponent()
            // macOS: .../debug/HeraldPackageTests.xctest/Contents/MacOS/HeraldPackageTests
            while directory.pathComponents.count > 1,
                  directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
                directory.deleteLastPathComponent()
            }
            candidates.append(directory.appendingPathComponent("herald"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("herald"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("herald"))
        candidates.append(ScenarioFixtures.packageRoot.appendingPathComponent(".build/debug/herald"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "build the herald executable first (swift build); looked in \(candidates.map(\.path))")
    }

    /// Runs `herald` with `arguments` in the package's root directory.
    func makeExecution(_ arguments: [String]) async throws -> Execution {
        let process = Process()
        process.executableURL = try Self.heraldExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = ScenarioFixtures.packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Execution(status: process.terminationStatus,
                         stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func simulatePrintsTheHabitsTimelineAsJSONLines() async throws {
        // When the README's example is simulated with --json
        let run = try await makeExecution(["simulate", "Examples/habits.yaml", "--json"])

        // Then it succeeds and every line is a JSON object; deliveries carry utc, local and badge
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let deliveries = objects.filter { $0["type"] as? String == "delivery" }
        #expect(!deliveries.isEmpty)
        #expect(deliveries.allSatisfy { ($0["utc"] as? String)?.hasSuffix("Z") == true && $0["local"] is String })
        #expect(objects.contains { $0["type"] as? String == "event" })
        #expect(objects.last?["type"] as? String == "summary")
    }

    @Test func simulatePrintsText() async throws {
        let run = try await makeExecution(["simulate", "Examples/seed-004-badges.yaml"])

        #expect(run.status == 0)
        #expect(run.stdout.contains("badge 1"))
        #expect(run.stdout.contains("badge 3"))
        #expect(run.stdout.contains("Summary"))
    }

    @Test func occurrencesShowTheDSTShiftInUTC() async throws {
        // When a 09:00 rule is listed over the March 2026 change to summer time in Berlin
        let run = try await makeExecution([
            "occurrences", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0", "--zone", "Europe/Berlin", "--from", "2026-03-28",
            "--days", "3", "--json",
        ])

        // Then the three instants move from 08:00Z to 07:00Z
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["utc"] as? String }
            == ["2026-03-28T08:00:00Z", "2026-03-29T07:00:00Z", "2026-03-30T07:00:00Z"])
        #expect(array.compactMap { $0["local"] as? String }
            == ["2026-03-28T09:00", "2026-03-29T09:00", "2026-03-30T09:00"])
    }

    @Test func badScenarioFailsWithFileLineAndField() async throws {
        // Given a scenario with an impossible time on line 9
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bad-\(UUID().uuidString).yaml")
        try (ScenarioFixtures.header + """
            entities:
              - id: a
                title: A
                rules:
                  - id: r
                    daily: ["09:00", "25:00"]

            """).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        // When it is simulated
        let run = try await makeExecution(["simulate", file.path])

        // Then herald exits non-zero and says where and what
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(file.path):9:26: entities[0].rules[0].daily[1]: \"25:00\" is not a time"))
    }

    @Test func badRRULEFailsWithPartAndPosition() async throws {
        let run = try await makeExecution([
            "occurrences", "FREQ=DAILY;BYHOUR=25", "--zone", "Europe/Berlin", "--from", "2026-03-28", "--days", "3",
        ])

        #expect(run.status != 0)
        #expect(run.stderr.contains("BYHOUR at position 12"))
    }

    @Test func unknownZoneSaysSo() async throws {
        let run = try await makeExecution(["occurrences", "FREQ=DAILY", "--zone", "Mars/Base", "--from", "2026-03-28"])

        #expect(run.status != 0)
        #expect(run.stderr.contains("unknown time zone \"Mars/Base\""))
    }
}

extension HeraldCommandTests {
    @Test func simulateShowsTheColdLaunchRouteAsJSON() async throws {
        // When the seed-000 example is simulated with --json
        let run = try await makeExecution(["simulate", "Examples/goal-cold-launch.yaml", "--json"])

        // Then lifecycle, user and route lines carry utc and local, and the route comes when the app is ready
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let types = Set(objects.compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["lifecycle", "user", "route", "delivery", "reconcile", "summary"]))
        #expect(objects.allSatisfy { $0["type"] as? String == "summary" || ($0["utc"] is String && $0["local"] is String) })
        let routes = objects.filter { $0["type"] as? String == "route" }
        #expect(routes.compactMap { $0["destination"] as? String } == ["ready", "missing", "inactive"])
        #expect(routes.first?["local"] as? String == "2026-11-21T09:05:02")
        #expect(routes.first?["received_utc"] as? String == "2026-11-21T08:05:00Z")
        #expect(routes.compactMap { $0["badge"] as? Int } == [2, 1, 0])
        #expect(routes.last?["title"] as? String == "Morning run")
        let deliveries = objects.filter { $0["type"] as? String == "delivery" }
        #expect(deliveries.allSatisfy { $0["presentation"] as? String == "banner, list, sound, badge" })
        #expect(objects.last?["routes"] as? Int == 3)
    }

    @Test func simulateShowsThePromptAsText() async throws {
        let run = try await makeExecution(["simulate", "Examples/exercise-breaks.yaml"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("prompt     Time to move: Log Exercise | Snooze 5 min | Dismiss"))
        #expect(run.stdout.contains("snoozed until 2026-11-23 09:06"))
    }

    @Test func impossibleEventFailsWithItsLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tap-\(UUID().uuidString).yaml")
        try (ScenarioFixtures.header + """
            entities: [{id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:30, tap: a}

            """).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let run = try await makeExecution(["simulate", file.path])

        #expect(run.status != 0)
        #expect(run.stderr.contains("\(file.path):6:33: events[0].tap: at 2026-11-21 08:30"), "\(run.stderr)")
    }
}
