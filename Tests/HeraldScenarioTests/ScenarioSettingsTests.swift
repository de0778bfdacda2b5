import Foundation
import Herald
import HeraldReport
import HeraldScenario
import HeraldSimulator
import Testing

/// The user's alert, sound and badge switches in scenarios: the top-level `settings:`
/// and the `settings:` event's mapping form (its `authorized | denied | provisional`
/// form keeps working), played on the simulated device and shown in the timeline, the
/// summary, the header, the JSON lines and the HTML report.
struct ScenarioSettingsTests {
    @Test func parsesTheTopLevelSettingsAndBothFormsOfTheEvent() throws {
        // Given settings at the start, both event forms, and a mapping that leaves keys out
        let scenario = try makeScenario(body: """
            settings: {alert: on, sound: off, badge: off}
            entities:
              - {id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}
            events:
              - {at: 2026-11-21T09:05, settings: denied}
              - {at: 2026-11-21T09:06, settings: {sound: off}}
              - {at: 2026-11-21T09:07, settings: {alert: off, sound: on, badge: on}}
            """)

        // Then the start's switches are read, the scalar is a permission, a key left out is on
        #expect(scenario.notificationSettings == NotificationSettings(alert: true, sound: false, badge: false))
        #expect(scenario.events.map(\.action) == [
            .settings(.denied),
            .notificationSettings(NotificationSettings(alert: true, sound: false, badge: true)),
            .notificationSettings(NotificationSettings(alert: false, sound: true, badge: true)),
        ])
        #expect(scenario.events.map(\.action.kind) == ["settings", "settings", "settings"])
        #expect(scenario.events[1].action.description == "Settings: alert on, sound off, badge on")
    }

    @Test func withoutSettingsEverythingIsOn() throws {
        let scenario = try makeScenario(body: "entities: []\n")
        #expect(scenario.notificationSettings == .allOn)
    }

    @Test(arguments: [
        // (body after the 3 header lines, line, column, field, code, message part)
        ("settings: {alert: on, volume: off}\nentities: []\n", 4, 23, "settings.volume", ScenarioError.Code.unknownKey,
         "unknown key \"volume\" (expected one of alert, sound, badge, time_sensitive, critical, alarms, alarm_limit or alarms_when_revoked)"),
        ("entities: [{id: a, title: A, rules: [{id: r, daily: [\"09:00\"]}]}]\nevents:\n  - {at: 2026-11-21T09:05, settings: {alert: off, volume: on}}\n",
         6, 51, "events[0].settings.volume", .unknownKey, "unknown key \"volume\""),
        ("entities: [{id: a, title: A, rules: [{id: r, daily: [\"09:00\"]}]}]\nevents:\n  - {at: 2026-11-21T09:05, settings: {badge: maybe}}\n",
         6, 46, "events[0].settings.badge", .invalidValue, "\"maybe\" is not the badge switch (expected on or off)"),
    ] as [(String, Int, Int, String, ScenarioError.Code, String)])
    func badSettingsSayWhatAndWhere(body: String, line: Int, column: Int, field: String, code: ScenarioError.Code,
                                    mentions: String) throws {
        let error = try #require(parseError(ScenarioFixtures.header + body))
        #expect(error.code == code, "\(error)")
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(mentions), "\(error)")
        #expect(error.description.hasPrefix("test.yaml:\(line):\(column):"), "\(error)")
    }

    /// Badges off at the start; water at 09:00 and 12:00. At 10:00 the user turns
    /// alerts off and badges on; the app comes to the foreground at 10:01 and leaves at
    /// 10:02.
    static let body = """
        settings: {badge: off}
        entities:
          - {id: water, title: Water, rules: [{id: r, daily: ["09:00", "12:00"]}]}
        events:
          - {at: 2026-11-21T10:00, settings: {alert: off, badge: on}}
          - {at: 2026-11-21T10:01, foreground}
          - {at: 2026-11-21T10:02, background}
        """

    @Test func aRunPlaysTheSettingsAndShowsThem() async throws {
        let scenario = try makeScenario(body: Self.body)
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then 09:00 came without a badge and with its banner; 12:00 with badge 2 (09:00
        // still outstanding) and no banner
        let deliveries = result.deliveries.filter { $0.local.date == LocalDate(year: 2026, month: 11, day: 21) }
        #expect(deliveries.map(\.local.time.description) == ["09:00", "12:00"])
        #expect(deliveries.map(\.badge) == [nil, 2])
        #expect(deliveries.map(\.presentationText) == ["banner, list, sound", "list, sound, badge"])

        // The launch's run did not count on the badge; the one at 10:01 set it to 1
        let first = try #require(result.reconciles.first)
        #expect(first.badgesOff && first.badgeSet == nil)
        #expect(first.changeText.contains("badges off: no badge set"))
        let back = try #require(result.reconciles.first { $0.local.time == LocalTime(hour: 10, minute: 1) })
        #expect(!back.badgesOff && back.badgeSet == 1)

        // The change is a lifecycle line; the start's and end's settings are in the result
        let changes = result.lifecycle.filter { if case .notificationSettings = $0.change { true } else { false } }
        #expect(changes.map(\.local.time.description) == ["10:00"])
        #expect(changes.map(\.change.description) == ["settings: alert off, sound on, badge on"])
        #expect(result.notificationSettings == NotificationSettings(badge: false))
        #expect(result.summary.notificationSettings == NotificationSettings(alert: false))

        // Text: the header and the summary name them
        let text = result.text()
        #expect(text.contains("Test — Europe/Berlin, 2026-11-21T08:00 to 2026-11-22T08:00\nsettings: alert on, sound on, badge off\n"))
        #expect(text.contains("app        settings: alert off, sound on, badge on"))
        #expect(text.contains("  settings            alert off, sound on, badge on"))

        // JSON: the lifecycle line carries the switches, the summary both ends', the first run badges_off
        let lines = result.jsonLines().split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("\"change\":\"settings\"") && $0.contains("\"settings\":{\"alert\":false,\"badge\":true,\"critical_alerts\":false,\"scheduled_summary\":false,\"sound\":true,\"time_sensitive\":true}") })
        let summary = try #require(lines.last)
        #expect(summary.contains("\"settings\":{\"alert\":false,\"badge\":true,\"critical_alerts\":false,\"scheduled_summary\":false,\"sound\":true,\"time_sensitive\":true}"))
        #expect(summary.contains("\"start_settings\":{\"alert\":true,\"badge\":false,\"critical_alerts\":false,\"scheduled_summary\":false,\"sound\":true,\"time_sensitive\":true}"))
        #expect(lines.contains { $0.contains("\"type\":\"reconcile\"") && $0.contains("\"badges_off\":true") })

        // HTML: the header, the summary row and the change's row
        let html = HTMLReport.render(result, reserve: scenario.planner.reserve)
        #expect(html.contains("<p id=\"start-settings\" class=\"subtitle\">settings: alert on, sound on, badge off</p>"))
        let row = try #require(html.range(of: "<tr id=\"summary-settings\">"))
        let rowText = html[row.upperBound...].prefix(120)
        #expect(rowText.contains("<td>alert off, sound on, badge on</td>"), "\(rowText)")
        #expect(html.contains("settings: alert off, sound on, badge on</span>"))
    }

    @Test func theSummarySaysTheBadgeIsNotShownWhileBadgesAreOff() async throws {
        // Given badges off all along
        let scenario = try makeScenario(body: """
            settings: {badge: off}
            entities:
              - {id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then no run set the badge, nothing was badged, and the summary says the icon shows none
        #expect(result.reconciles.allSatisfy { $0.badgesOff && $0.badgeSet == nil })
        #expect(result.deliveries.allSatisfy { $0.badge == nil })
        #expect(result.text().contains("  app badge           0 (not shown: badges off)\n"))
        #expect(result.text().contains("  settings            alert on, sound on, badge off\n"))
    }

    @Test func aResumedRunKeepsTheSettingsTheFirstPartLeft() async throws {
        // Given a 2-day run played as two parts through a store: the first day holds the change
        let scenario = try makeScenario(body: "days: 2\n" + Self.body)
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: nil)
        #expect(first.result.summary.notificationSettings == NotificationSettings(alert: false))
        let rest = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: first.checkpoint)

        // Then the second part starts with the switches the first left
        #expect(rest.result.notificationSettings == NotificationSettings(alert: false))
    }
}
