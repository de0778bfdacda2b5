// The Swift samples of HeraldScenario's landing page
// (Sources/HeraldScenario/Documentation.docc/HeraldScenario.md), each inside the context
// it needs; the documentation tests check that they appear here verbatim.
import Foundation
import Herald
import HeraldReport
import HeraldScenario

enum HeraldScenarioLandingPageSamples {
    static func playAFile() async throws {
        let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Examples/seed-004-badges.yaml"))
        let result = try await ScenarioRunner(scenario: scenario).run()
        print(result.deliveries.map(\.badge))   // HeraldReport: result.text(), result.jsonLines()
    }

    static func playInParts(url: URL, store: any EngineStore, path: String) async throws -> [ScenarioResult] {
        let session = ScenarioSession(file: try ScenarioFile(contentsOf: url), store: store, location: path)
        let monday = try await session.play(days: 2)
        let rest = try await session.play(days: 3)
        return [monday, rest]
    }

    static func stream(scenario: Scenario) async throws -> Int {
        let sink = ScenarioFormattingSink(ScenarioJSONLinesFormatter()) { FileHandle.standardOutput.write(Data($0.utf8)) }  // HeraldReport
        let outcome = try await ScenarioRunner(scenario: scenario, days: 365).play(from: nil, streamingTo: sink)
        print(outcome.summary.delivered)
        return outcome.summary.delivered
    }
}
