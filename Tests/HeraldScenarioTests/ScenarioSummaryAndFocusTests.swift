import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// `summary` and `focus` events: what they hold, when it is shown, and how the timeline
/// says so. Hand-worked, Berlin, 2026-11-21 from 08:00, the app in the background:
/// - 08:05 the app goes in an 08:00/18:00 summary; water (09:00, active) waits for it;
/// - 10:00 the summary is turned off: water is shown at 10:00 (held by the summary, due 09:00);
/// - 11:00 a Focus until 13:00: the call (11:30, active) waits and is shown at 13:00
///   (held by the Focus, due 11:30); stretch (12:00, time-sensitive) breaks through at 12:00;
/// - journal (21:00, passive) is shown at 21:00, nothing holding it.
@Suite struct ScenarioSummaryAndFocusTests {
    static let yaml = """
        entities:
          - {id: water, title: Water, rules: [{id: morning, daily: ["09:00"], urgency: active}]}
          - {id: call, title: Call mum, rules: [{id: late, daily: ["11:30"]}]}
          - {id: stretch, title: Stretch, rules: [{id: noon, daily: ["12:00"], urgency: time_sensitive}]}
          - {id: journal, title: Journal, rules: [{id: night, daily: ["21:00"], urgency: passive}]}
        events:
          - {at: 2026-11-21T08:05, summary: ["08:00", "18:00"]}
          - {at: 2026-11-21T10:00, summary: off}
          - {at: 2026-11-21T11:00, focus: {until: "13:00"}}
        """

    @Test func theSummaryAndTheFocusHoldWhatIOSHoldsAndTheTimelineSaysSo() async throws {
        let result = try await ScenarioRunner(scenario: makeScenario(body: Self.yaml)).run()

        let shown = result.deliveries.filter { !$0.beforeStart }.map { delivery in
            "\(delivery.title) \(delivery.local.time)" + (delivery.held.map { " \($0.rawValue), due \(delivery.dueLocal!.time)" } ?? "")
        }
        #expect(shown == ["Water 10:00 summary, due 09:00", "Stretch 12:00", "Call mum 13:00 focus, due 11:30",
                          "Journal 21:00"])

        let text = result.text()
        #expect(text.contains("held by the summary, due 09:00"), "\(text)")
        #expect(text.contains("(time-sensitive)"))
        let lines = result.jsonLines().split(separator: "\n")
        let call = try #require(lines.first { $0.contains("\"title\":\"Call mum\"") && $0.contains("\"type\":\"delivery\"") })
        #expect(call.contains("\"held\":\"focus\"") && call.contains("\"due_local\":\"2026-11-21T11:30\"")
            && call.contains("\"local\":\"2026-11-21T13:00\"") && call.contains("\"interruption\":\"active\""))
        let journal = try #require(lines.first { $0.contains("\"title\":\"Journal\"") && $0.contains("\"type\":\"delivery\"") })
        #expect(!journal.contains("\"held\"") && journal.contains("\"interruption\":\"passive\""))
    }

    @Test func badSummariesAndFocusesAreLocated() {
        let empty = parseError(ScenarioFixtures.header + "events:\n  - {at: 2026-11-21T09:00, summary: []}\n")
        #expect(empty?.description.hasPrefix("test.yaml:5:") == true, "\(String(describing: empty))")
        let focus = parseError(ScenarioFixtures.header + "events:\n  - {at: 2026-11-21T09:00, focus: {till: \"10:00\"}}\n")
        #expect(focus?.description.contains("unknown key \"till\"") == true, "\(String(describing: focus))")
    }

    /// A Focus until a date-time that is not after the event would hold nothing: it is
    /// refused at its `until` (line 5, column 43), as is one ending at the event's own
    /// minute; a time of day means its next occurrence and is taken.
    @Test func aFocusEndingBeforeItStartsIsRefusedAtItsUntil() throws {
        for until in ["2026-11-21T08:30", "2026-11-21T09:00"] {
            let yaml = ScenarioFixtures.header + "events:\n  - {at: 2026-11-21T09:00, focus: {until: \(until)}}\n"
            let error = try #require(parseError(yaml))
            #expect(error.code == .invalidValue && error.line == 5 && error.column == 43, "\(error)")
            #expect(error.message.contains("a Focus until \(until) would end before it starts (2026-11-21T09:00)"),
                    "\(error)")
        }
        let yaml = ScenarioFixtures.header + "events:\n  - {at: 2026-11-21T09:00, focus: {until: \"08:30\"}}\n"
        #expect(parseError(yaml) == nil)
    }
}
