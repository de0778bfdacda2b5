import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The app's switch for route notifications in scenarios (`route_notifications: on|off`):
/// while off no spot or completion is sent, what was skipped is never sent later (not
/// after turning it on, not after a crash and a relaunch), and the timeline says when
/// it changed and what was not sent. Waypoints and times are those of ``RouteScenario``.
struct RouteNotificationSwitchScenarioTests {
    static let offReason = "not sent: route notifications are off in the app's settings"

    /// A is reached at 10:01 with the switch on (sent); the switch goes off at 10:02;
    /// B is reached at 10:03, which completes the route: 2 of 2, 111 m (111.195) in
    /// 180 s (10:00 to 10:03), neither sent. On again at 10:04, a crash at 10:05, a
    /// launch at 10:06 and B again at 10:07: nothing more is sent.
    @Test func whileOffNothingIsSentAndNothingIsSentLater() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + """
              - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T10:02, route_notifications: off}
              - {at: 2026-11-21T10:03, position: {lat: 0, lon: 0.001}}
              - {at: 2026-11-21T10:04, route_notifications: on}
              - {at: 2026-11-21T10:05, crash}
              - {at: 2026-11-21T10:06, launch}
              - {at: 2026-11-21T10:07, position: {lat: 0, lon: 0.001}}
            """)

        #expect(result.deliveries.map(\.identifier) == [RouteScenario.spotA])
        let lines = RouteScenario.lines(result)
        #expect(lines.contains("event      route notifications off for the app"))
        #expect(lines.contains("walk       spot \"B\" reached, 2 of 2, \(Self.offReason)"))
        #expect(lines.contains("walk       completion of \"R\": 2 of 2 visited, 111 m in 180 s, \(Self.offReason)"))
        #expect(lines.contains("event      route notifications on for the app"))
        #expect(lines.filter { $0.hasPrefix("walk ") }.count == 3)
        // The JSON line of the switch carries its position.
        let json = result.jsonLines().split(separator: "\n").filter { $0.contains("\"event\":\"route_notifications\"") }
        #expect(json.count == 2)
        #expect(json.first?.contains("\"enabled\":false") == true)
        #expect(json.last?.contains("\"enabled\":true") == true)
    }

    /// Switched off while the app is not running (terminated at 10:01): saved for the
    /// next launch (10:03), so A and B reached at 10:04 and 10:05 send nothing.
    @Test func switchedOffWhileTheAppIsNotRunningHoldsAtTheNextLaunch() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + """
              - {at: 2026-11-21T10:01, terminate}
              - {at: 2026-11-21T10:02, route_notifications: off}
              - {at: 2026-11-21T10:03, launch}
              - {at: 2026-11-21T10:04, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T10:05, position: {lat: 0, lon: 0.001}}
            """)

        #expect(result.deliveries.isEmpty)
        let lines = RouteScenario.lines(result)
        #expect(lines.contains(
            "event      route notifications off for the app (the app is not running: saved; Herald catches up at the next launch)"))
        #expect(lines.contains("walk       spot \"A\" reached, 1 of 2, \(Self.offReason)"))
        #expect(lines.contains("walk       completion of \"R\": 2 of 2 visited, 111 m in 300 s, \(Self.offReason)"))
    }

    /// `reminders: off` is the switch of reminders, not of route notifications: A is
    /// still sent.
    @Test func theRemindersSwitchDoesNotSilenceRoutes() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + """
              - {at: 2026-11-21T10:01, reminders: off}
              - {at: 2026-11-21T10:02, position: {lat: 0, lon: 0}}
            """)
        #expect(result.deliveries.map(\.identifier) == [RouteScenario.spotA])
    }

    @Test func theSwitchParsesOnAndOffAndRefusesAnythingElse() throws {
        let scenario = try RouteScenario.scenario("  - {at: 2026-11-21T10:00, route_notifications: off}\n"
                                                  + "  - {at: 2026-11-21T10:01, route_notifications: on}\n")
        #expect(scenario.events.map(\.action) == [.routeNotifications(enabled: false), .routeNotifications(enabled: true)])
        #expect(scenario.events.map(\.action.kind) == ["route_notifications", "route_notifications"])

        let error = RouteScenario.parseError("  - {at: 2026-11-21T10:00, route_notifications: sometimes}\n")
        #expect(error?.code == .invalidValue)
        #expect(error?.line == 6)
        #expect(error?.column == 49)
        #expect(error?.field == "events[0].route_notifications")
    }
}
