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

    /// Runs `herald` with `arguments` in the package's root directory, with `environment`
    /// added to the test's own.
    func makeExecution(_ arguments: [String], environment: [String: String] = [:]) async throws -> Execution {
        try await Self.execute(try Self.heraldExecutable(), arguments, environment: environment)
    }

    /// Runs `executable` in the package's root directory and collects its output; a run
    /// still going after `timeLimit` is terminated.
    static func execute(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                        timeLimit: Duration? = nil) async throws -> Execution {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = ScenarioFixtures.packageRoot
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let (ended, end) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in end.finish() }
        try process.run()
        let watchdog = timeLimit.map { limit in
            Task {
                try await Task.sleep(for: limit)
                if process.isRunning { process.terminate() }
            }
        }
        async let stdout = Self.readToEnd(output.fileHandleForReading)
        async let stderr = Self.readToEnd(errors.fileHandleForReading)
        for await _ in ended {}
        watchdog?.cancel()
        return Execution(status: process.terminationStatus,
                         stdout: String(decoding: await stdout, as: UTF8.self),
                         stderr: String(decoding: await stderr, as: UTF8.self))
    }

    /// Reads a pipe to its end on a thread of its own: a blocking read on one of Swift
    /// concurrency's few threads would stall every other test while herald runs.
    static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
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

    /// The local time column as the text prints it: `2026-11-21 09:00 CET`.
    static func when(_ local: String, utc: String, in zone: String = "Europe/Berlin") throws -> String {
        let instant = try #require(ISO8601DateFormatter().date(from: utc))
        return "\(local) \(try #require(TimeZone(identifier: zone)?.abbreviation(for: instant)))"
    }

    @Test func simulatePrintsText() async throws {
        let run = try await makeExecution(["simulate", "Examples/seed-004-badges.yaml"])

        // Today's three reminders, badged 1, 2, 3 in fire order, shown by the system
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let today = lines.filter { $0.contains("  delivery  ") && !$0.hasSuffix("(already delivered at start)") }
        #expect(today == [
            "\(try Self.when("2026-11-21 09:00", utc: "2026-11-21T08:00:00Z"))  delivery   badge 1   Meditate  herald:reminder:habit:meditate:reminders:20261121T0900  [banner, list, sound, badge; background]",
            "\(try Self.when("2026-11-21 09:01", utc: "2026-11-21T08:01:00Z"))  delivery   badge 2   Meditate  herald:reminder:habit:meditate:reminders:20261121T0901  [banner, list, sound, badge; background]",
            "\(try Self.when("2026-11-21 09:02", utc: "2026-11-21T08:02:00Z"))  delivery   badge 3   Meditate  herald:reminder:habit:meditate:reminders:20261121T0902  [banner, list, sound, badge; background]",
        ])
        #expect(lines.contains("Summary"))
        #expect(lines.contains("  delivered           3"))
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
        #expect(run.stderr == "error: \(file.path):9:26: entities[0].rules[0].daily[1]: \"25:00\" is not a time (expected HH:mm)\n")
    }

    @Test func badRRULEFailsWithPartAndPosition() async throws {
        let run = try await makeExecution([
            "occurrences", "FREQ=DAILY;BYHOUR=25", "--zone", "Europe/Berlin", "--from", "2026-03-28", "--days", "3",
        ])

        #expect(run.status != 0)
        #expect(run.stderr == "error: invalid RRULE: BYHOUR at position 12: 25 is not in 0...23\n")
    }

    @Test func unknownZoneSaysSo() async throws {
        let run = try await makeExecution(["occurrences", "FREQ=DAILY", "--zone", "Mars/Base", "--from", "2026-03-28"])

        #expect(run.status != 0)
        #expect(run.stderr == "error: unknown time zone \"Mars/Base\" (expected an IANA id such as Europe/Berlin)\n")
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

        // Each 09:00 reminder and its two snoozes open a prompt; each snooze is 5 minutes
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let prompt = "prompt     Time to move: Log Exercise | Snooze 5 min | Dismiss"
        #expect(lines.filter { $0.contains("  prompt  ") } == [
            "\(try Self.when("2026-11-23 09:00", utc: "2026-11-23T08:00:00Z"))  \(prompt)",
            "\(try Self.when("2026-11-23 09:06", utc: "2026-11-23T08:06:00Z"))  \(prompt)",
            "\(try Self.when("2026-11-23 09:12", utc: "2026-11-23T08:12:00Z"))  \(prompt)",
        ])
        #expect(lines.filter { $0.contains("snoozed until") } == [
            "\(try Self.when("2026-11-23 09:01", utc: "2026-11-23T08:01:00Z"))  route      ready \"Time to move\" (snooze-5), snoozed until \(try Self.when("2026-11-23 09:06", utc: "2026-11-23T08:06:00Z")), app badge 0",
            "\(try Self.when("2026-11-23 09:07", utc: "2026-11-23T08:07:00Z"))  route      ready \"Time to move\" (snooze-5), snoozed until \(try Self.when("2026-11-23 09:12", utc: "2026-11-23T08:12:00Z")), app badge 0",
        ])
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
        #expect(run.stderr == "error: \(file.path):6:33: events[0].tap: at \(try Self.when("2026-11-21 08:30", utc: "2026-11-21T07:30:00Z")): no notification of habit/a is in the delivered list or an open prompt (the list is empty)\n")
    }
}
