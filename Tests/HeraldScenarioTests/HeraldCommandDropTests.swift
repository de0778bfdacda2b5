import Foundation
import Testing

/// `herald simulate` says how many requests the simulated center dropped above its
/// capacity, and warns when it dropped any.
extension HeraldCommandTests {
    /// A scenario file in the temporary directory, and a way to remove it.
    func makeScenarioFile(_ body: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-drop-\(UUID().uuidString).yaml")
        try (ScenarioFixtures.header + body).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The last JSON line of a `--json` run: its summary.
    func summaryObject(_ run: Execution) throws -> [String: Any] {
        let last = try #require(run.stdout.split(separator: "\n").last)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "summary")
        return try #require(object)
    }

    @Test func simulateWarnsWhenTheCenterDroppedRequests() async throws {
        // Given a scenario where another SDK overflows the center (see ScenarioDropTests)
        let file = try makeScenarioFile(ScenarioDropTests.overflowing)
        defer { try? FileManager.default.removeItem(at: file) }
        let warning = "warning: the notification center dropped 1 request above its capacity of 64: "
            + ScenarioDropTests.droppedIdentifier

        // When it is simulated as text and as JSON
        let text = try await makeExecution(["simulate", file.path])
        let json = try await makeExecution(["simulate", file.path, "--json"])

        // Then the text's summary counts the drop and the output ends with the warning
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.suffix(4)) == ["  dropped requests    1", "", warning, ""])
        #expect(text.stderr.isEmpty)
        // And the JSON summary has the count and the warning, which also goes to stderr
        #expect(json.status == 0, "\(json.stderr)")
        let summary = try summaryObject(json)
        #expect(summary["dropped"] as? Int == 1)
        #expect(summary["dropped_identifiers"] as? [String] == [ScenarioDropTests.droppedIdentifier])
        #expect(summary["warning"] as? String == String(warning.dropFirst("warning: ".count)))
        #expect(json.stderr == warning + "\n")
    }

    @Test func simulateReportsZeroDropsWithoutAWarning() async throws {
        let text = try await makeExecution(["simulate", "Examples/habits.yaml"])
        let json = try await makeExecution(["simulate", "Examples/habits.yaml", "--json"])

        #expect(text.status == 0 && json.status == 0, "\(text.stderr)\(json.stderr)")
        #expect(text.stdout.hasSuffix("  dropped requests    0\n"))
        #expect(!text.stdout.split(separator: "\n").contains { $0.hasPrefix("warning:") })
        #expect(text.stderr.isEmpty && json.stderr.isEmpty)
        let summary = try summaryObject(json)
        #expect(summary["dropped"] as? Int == 0)
        #expect(summary["warning"] == nil)
    }
}
