import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// A rule's `urgency` and `fallback` in a scenario, and the settings that decide the
/// level it comes at (`settings: {time_sensitive: off, critical: on}`). Hand-worked: the
/// pill rule asks alarm, else critical, else time-sensitive; a scenario that does not
/// mention alarms has no alarm channel, so with the default settings it comes
/// time-sensitive, with critical alerts allowed critical, and with time-sensitive off
/// (and no critical) active.
@Suite struct ScenarioUrgencyTests {
    static func run(_ settings: String?, event: String? = nil) async throws -> ScenarioResult {
        let scenario = try makeScenario(body: """
            \(settings.map { "settings: \($0)" } ?? "")
            entities:
              - id: pills
                title: Evening pills
                rules:
                  - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [critical, time_sensitive]}
              - id: water
                title: Water
                rules:
                  - {id: morning, daily: ["09:00"], urgency: passive}
            \(event.map { "events:\n  - \($0)" } ?? "")
            """)
        return try await ScenarioRunner(scenario: scenario).run()
    }

    static func levels(_ result: ScenarioResult) -> [String] {
        result.deliveries.filter { !$0.beforeStart }.map { "\($0.title) \(InterruptionName.of($0.interruption))" }
    }

    @Test(arguments: [
        (String?.none, "Evening pills time_sensitive"),
        ("{critical: on}", "Evening pills critical"),
        ("{time_sensitive: off}", "Evening pills active"),
    ])
    func thePillComesAtTheFirstLevelTheSettingsAllow(settings: String?, pills: String) async throws {
        let result = try await Self.run(settings)
        #expect(Self.levels(result) == ["Water passive", pills])
        let json = try #require(result.jsonLines().split(separator: "\n").first { $0.contains("Evening pills") })
        #expect(json.contains("\"interruption\":\"\(pills.split(separator: " ").last!)\""))
    }

    @Test func turningTimeSensitiveOffMidDayLowersTheNextPill() async throws {
        let result = try await Self.run(nil, event: "{at: 2026-11-21T12:00, settings: {time_sensitive: off}}")
        #expect(Self.levels(result) == ["Water passive", "Evening pills active"])
        #expect(result.text().contains("Water") && result.text().contains("(passive)"))
    }

    /// The reconcile line says the plan's forecast, with its reasons, when it changes:
    /// at launch time-sensitive (no alarms, no critical alerts), and at the first run
    /// after time-sensitive is turned off (the app in the foreground: it leaves for
    /// Settings and comes back) active.
    @Test func theReconcileLineSaysWhatThePillWillComeAtAndWhy() async throws {
        let result = try await Self.run(nil, event: "{at: 2026-11-21T12:00, settings: {time_sensitive: off}}\n  - {at: 2026-11-21T12:01, foreground}")
        let forecasts = result.timeline.compactMap { entry -> [String]? in
            guard case .reconcile(let reconcile) = entry, !reconcile.urgency.isEmpty else { return nil }
            return reconcile.urgency
        }
        #expect(forecasts == [
            ["habit/pills/evening: time-sensitive (alarm: no alarms; critical: not allowed)"],
            ["habit/pills/evening: active (alarm: no alarms; critical: not allowed; time-sensitive: turned off)"],
        ])
        #expect(result.text().contains("; urgency: habit/pills/evening: time-sensitive (alarm: no alarms; critical: not allowed)"))
        let json = result.jsonLines().split(separator: "\n").filter { $0.contains("\"urgency\":[") }
        #expect(json.count == 2)
    }

    @Test func aBadLadderIsLocated() {
        let twice = parseError(ScenarioFixtures.header + """
            entities:
              - id: pills
                title: Pills
                rules:
                  - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [time_sensitive, alarm]}
            """)
        #expect(twice?.description.hasPrefix("test.yaml:8:") == true, "\(String(describing: twice))")
        #expect(twice?.description.contains("names alarm twice") == true, "\(String(describing: twice))")
        let unknown = parseError(ScenarioFixtures.header + """
            entities:
              - id: pills
                title: Pills
                rules:
                  - {id: evening, daily: ["21:00"], urgency: loud}
            """)
        #expect(unknown?.description.contains("expected passive, active, time_sensitive, critical or alarm") == true,
                "\(String(describing: unknown))")
        let alone = parseError(ScenarioFixtures.header + """
            entities:
              - id: pills
                title: Pills
                rules:
                  - {id: evening, daily: ["21:00"], fallback: [active]}
            """)
        #expect(alone?.description.contains("a fallback needs an urgency") == true, "\(String(describing: alone))")
    }
}
