import Foundation
import Synchronization
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// A user who never clears the list: the engine plans from the part of it that changed,
/// the simulator indexes it, and the runner streams the timeline. What the run shows is
/// derived by hand from the scenario: 10 entities with three daily rules each (30
/// reminders a day, a budget of 54), in the foreground from 1 January 2026, 40 days.
@Suite struct ScenarioNeverClearedTests {
    /// e3 is paused on day 21 before its first reminder; e4's reminders of 30 January
    /// are completed the next morning.
    static let yaml: String = {
        var text = "name: Never cleared\nzone: Europe/Berlin\nstart: 2026-01-01T00:00\ndays: 40\napp: foreground\nentities:\n"
        for index in 0..<10 {
            text += "  - {id: e\(index), title: E\(index), rules: [{id: a, daily: [\"07:0\(index)\"]}, "
                + "{id: b, daily: [\"12:0\(index)\"]}, {id: c, daily: [\"19:0\(index)\"]}]}\n"
        }
        text += "events:\n  - {at: 2026-01-21T06:00, pause: e3}\n  - {at: 2026-01-31T06:00, complete: e4, day: 2026-01-30}\n"
        return text
    }()

    func makeResult() async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try Scenario(yaml: Self.yaml, file: "never-cleared.yaml")).run()
    }

    @Test func everyDayIsNumberedFromOneAndOldDaysStayUntilTheyNoLongerAsk() async throws {
        let result = try await makeResult()

        // 30 a day for 20 days, then 27 a day (e3 paused) for 20 more
        let deliveries = result.deliveries.filter { !$0.beforeStart }
        let expectedCount = 20 * 30 + 20 * 27
        #expect(deliveries.count == expectedCount)
        #expect(result.summary.delivered == 1_140)
        // Each day's badges count that day's outstanding notifications in fire order,
        // however many older ones are in the list
        let byDay = Dictionary(grouping: deliveries, by: \.local.date)
        #expect(byDay.count == 40)
        for (day, delivered) in byDay {
            let expected = day < LocalDate(year: 2026, month: 1, day: 21) ? 30 : 27
            #expect(delivered.compactMap(\.badge) == Array(1...expected), "\(day)")
        }
        // The pause clears e3's 60 (3 a day for 20 days), the completion e4's 3 of 30 January
        let cleared = result.reconciles.map(\.clearedDelivered).filter { $0 > 0 }
        #expect(cleared == [60, 3])
        #expect(result.summary.stillDelivered == 1_140 - 60 - 3)
        #expect(result.summary.dropped == 0)
    }

    @Test func aStreamedRunHandsOnWhatACollectedOneHolds() async throws {
        // Given the run collected, and the same run streamed as text in its columns and as JSON
        let scenario = try Scenario(yaml: Self.yaml, file: "never-cleared.yaml")
        let collected = try await makeResult()
        let text = TextCollector()
        let json = TextCollector()
        let streamed = try await ScenarioRunner(scenario: scenario).play(
            from: nil, streamingTo: ScenarioFormattingSink(ScenarioTextFormatter(columns: .init(of: collected)), write: text.append))
        _ = try await ScenarioRunner(scenario: scenario)
            .play(from: nil, streamingTo: ScenarioFormattingSink(ScenarioJSONLinesFormatter(), write: json.append))

        // Then the stream writes what the collected result prints, and the same summary
        #expect(streamed.summary == collected.summary)
        #expect(text.text == collected.text())
        #expect(json.text == collected.jsonLines())
        // And the streamed text's own columns fit every title and local time of the run
        let columns = ScenarioTextFormatter.Columns(for: scenario)
        let fitted = ScenarioTextFormatter.Columns(of: collected)
        #expect(columns.title >= fitted.title && columns.local >= fitted.local)
    }
}

/// Collects written text.
final class TextCollector: Sendable {
    private let written = Mutex("")

    var text: String { written.withLock { $0 } }

    func append(_ text: String) {
        written.withLock { $0 += text }
    }
}
