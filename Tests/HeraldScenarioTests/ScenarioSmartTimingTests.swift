import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// Smart timing and the reminders switch in scenarios (seed 003), checked against
/// values worked out by hand from the files: completions at 22:10, 22:40 and 23:05 make
/// the window 22–23 (ends at 23, not the seed's 0) and the reminder 21:30.
struct ScenarioSmartTimingTests {
    func smartEntries(_ result: ScenarioResult) -> [TimelineSmartTiming] {
        result.timeline.compactMap { if case .smartTiming(let smart) = $0 { smart } else { nil } }
    }

    @Test func theExampleLearnsTheWindowMovesTheReminderAndNeverSwitchesRemindersOn() async throws {
        // Given the bundled smart-timing example
        let result = try await ScenarioRunner(scenario: try makeExample("smart-timing.yaml")).run()

        // Then smart timing ran at launch (no history yet), at the first day change two
        // days later (Tuesday 00:00) and two days after that (Thursday 00:00)
        let smart = smartEntries(result)
        #expect(smart.map { "\($0.local)" } == ["2026-11-21T08:00", "2026-11-24T00:00", "2026-11-26T00:00"])
        #expect(smart[0].suggestion == nil)
        #expect(smart.dropFirst().map(\.windowStartHour) == [22, 22])
        #expect(smart.dropFirst().map(\.windowEndHour) == [23, 23])
        #expect(smart.dropFirst().map { $0.reminderTime.map { "\($0)" } } == ["21:30", "21:30"])
        #expect(smart.dropFirst().map { $0.suggestion?.coveragePercent } == [100, 100])
        // applied while reminders are on; not once they are off, and nothing switched on
        #expect(smart.map(\.applied) == [false, true, false])
        #expect(smart[2].note?.contains("never switches them on") == true)

        // The reminder fires at 19:00 until the suggestion, then at 21:30; none after the
        // user turned reminders off on Wednesday noon
        #expect(result.deliveries.map { "\($0.local)" } == [
            "2026-11-21T19:00", "2026-11-22T19:00", "2026-11-23T19:00", "2026-11-24T21:30",
        ])
        #expect(result.summary.pending == 0)
        #expect(result.summary.smartTiming == smart.last)
    }

    @Test func theSummaryCarriesTheLastSuggestionInTextAndJSON() async throws {
        let result = try await ScenarioRunner(scenario: try makeExample("smart-timing.yaml")).run()
        #expect(result.text().contains("  smart timing        window 22–23, remind at 21:30 (coverage 100% of 3 completions), not applied: reminders are off, and smart timing never switches them on\n"))
        let summary = try #require(result.jsonLines().split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let smart = try #require(object["smart_timing"] as? [String: Any])
        #expect(smart["window_start_hour"] as? Int == 22)
        #expect(smart["window_end_hour"] as? Int == 23)
        #expect(smart["reminder_time"] as? String == "21:30")
        #expect(smart["coverage_percent"] as? Int == 100)
        #expect(smart["applied"] as? Bool == false)
        let lines = result.jsonLines().split(separator: "\n")
        #expect(lines.dropLast().filter { $0.contains("\"type\":\"smart_timing\"") }.count == 3)
    }

    @Test func aRunWithoutSmartTimingRecordsNoSuggestion() async throws {
        let result = try await ScenarioRunner(scenario: try makeExample("habits.yaml")).run()
        #expect(smartEntries(result).isEmpty)
        #expect(result.summary.smartTiming == nil)
        #expect(!result.jsonLines().contains("smart_timing"))
    }

    @Test func remindersSwitchedOffForOneEntityStopOnlyItsReminders() async throws {
        // Given two entities at 09:00 and 10:00, the first switched off at 08:30 and on
        // again the next day at 08:30
        let scenario = try makeScenario(body: """
            days: 2
            entities:
              - {id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}
              - {id: b, title: B, rules: [{id: r, daily: ["10:00"]}]}
            events:
              - {at: 2026-11-21T08:30, reminders: {entity: a, enabled: off}}
              - {at: 2026-11-22T08:30, reminders: {entity: a, enabled: on}}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then A is silent on the first day only; B fires both days
        #expect(result.deliveries.map { "\($0.local) \($0.title)" } == [
            "2026-11-21T10:00 B", "2026-11-22T09:00 A", "2026-11-22T10:00 B",
        ])
        #expect(result.reconciles.map(\.reasons).contains(["reminders off for habit/a"]))
    }

    @Test func smartTimingWithRemindersOffFromTheStartSchedulesNothing() async throws {
        // Given reminders off before the first recomputation that has history
        let scenario = try makeScenario(body: """
            days: 4
            app: foreground
            smart_timing: on
            entities:
              - {id: w, title: W, rules: [{id: r, daily: ["19:00"], smart: true}]}
            events:
              - {at: 2026-11-21T08:00, reminders: off}
              - {at: 2026-11-21T08:00, complete: {entity: w, at: 2026-11-20T08:15}}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then the suggestion on Tuesday (window 08–09, remind 07:30) is not applied, and
        // nothing is ever pending or delivered
        let smart = smartEntries(result)
        #expect(smart.last?.windowStartHour == 8 && smart.last?.windowEndHour == 9)
        #expect(smart.last.map { "\($0.reminderTime!)" } == "07:30")
        #expect(smart.allSatisfy { !$0.applied })
        #expect(result.deliveries.isEmpty && result.summary.pending == 0)
    }

    @Test(arguments: [
        ("smart_timing: maybe\nentities: []\n", 4, "smart_timing"),
        ("entities:\n  - {id: w, title: W, rules: [{id: r, weekly: {days: [MO], times: [\"09:00\"]}, smart: true}]}\n", 5, "smart"),
        ("entities: []\nevents:\n  - {at: 2026-11-21T09:00, reminders: {entity: nobody, enabled: off}}\n", 6, "reminders.entity"),
        ("entities: []\nevents:\n  - {at: 2026-11-21T09:00, reminders: sometimes}\n", 6, "reminders"),
    ])
    func badSmartTimingInputIsLocated(body: String, line: Int, field: String) throws {
        let error = try #require(parseError(ScenarioFixtures.header + body))
        #expect(error.line == line, "\(error)")
        #expect(error.field.hasSuffix(field), "\(error)")
    }
}
