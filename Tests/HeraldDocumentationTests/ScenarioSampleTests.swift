import Foundation
import HeraldScenario
import Testing
import Yams

/// The documentation's YAML samples are YAML, and those that are whole scenarios play.
struct ScenarioSampleTests {
    @Test func everyYAMLSampleIsYAML() throws {
        for (file, block) in try Self.yamlBlocks() {
            #expect(throws: Never.self, "\(file.path):\(block.line): not YAML") {
                _ = try Yams.compose(yaml: block.lines.joined(separator: "\n"))
            }
        }
    }

    @Test func everyWholeScenarioInTheDocumentationPlays() async throws {
        // Given every YAML sample with a name, a zone and a start, and no part elided
        // (`[...]` marks one, as in the format reference)
        let scenarios = try Self.yamlBlocks().filter { Self.isWholeScenario($0.block.lines) }
        #expect(scenarios.count >= 2, "found only \(scenarios.count) whole scenarios in the documentation")

        // Then the scenario loader reads each and the runner plays it to the end
        for (file, block) in scenarios {
            let place = "\(file.path):\(block.line)"
            do {
                let scenario = try Scenario(yaml: block.lines.joined(separator: "\n"), file: place)
                if scenario.household != nil {
                    let result = try await HouseholdScenarioRunner(scenario: scenario).run()
                    #expect(result.lanes.allSatisfy { $0.result.summary.dropped == 0 }, "\(place): a center dropped requests")
                } else {
                    let result = try await ScenarioRunner(scenario: scenario).run()
                    #expect(result.summary.dropped == 0, "\(place): the center dropped requests")
                }
            } catch {
                Issue.record("\(place): this scenario does not play: \(error)")
            }
        }
    }

    static func yamlBlocks() throws -> [(file: MarkdownFile, block: MarkdownFile.FencedBlock)] {
        try DocumentationFiles.markdownFiles().flatMap { file in
            file.fencedBlocks.filter { $0.language == "yaml" }.map { (file: file, block: $0) }
        }
    }

    static func isWholeScenario(_ lines: [String]) -> Bool {
        let keys = Set(lines.compactMap { line -> String? in
            guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        })
        return keys.isSuperset(of: ["name", "zone", "start"]) && !lines.contains { $0.contains("[...") }
    }
}
