import Foundation
import HeraldReport
import HeraldScenario
import Testing

/// Titles with control characters or terminal escape sequences never reach the text
/// timeline raw.
struct ScenarioTextEscapingTests {
    @Test func controlCharactersInTitlesAreWrittenAsEscapes() async throws {
        // Given an entity whose title clears the screen and rings the bell
        let result = try await ScenarioRunner(scenario: makeScenario(body: """
            entities:
              - id: a
                title: "Water\\e[2J\\a"
                rules: [{id: r, daily: ["09:00"]}]
            events:
              - {at: 2026-11-21T09:05, tap: a}

            """)).run()

        // Then the text has no control character, and shows them escaped
        let text = result.text()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("delivery   badge 1   Water\\u{1B}[2J\\u{7}  herald:reminder:habit:a:r:20261121T0900") })
        #expect(lines.contains { $0.hasSuffix("route      ready \"Water\\u{1B}[2J\\u{7}\" (tap), app badge 0") })
        // And the JSON keeps the title as it is (JSON escapes it itself)
        #expect(result.deliveries.first?.title == "Water\u{1B}[2J\u{07}")
    }
}
