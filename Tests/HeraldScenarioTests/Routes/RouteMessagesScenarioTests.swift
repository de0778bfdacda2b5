import Foundation
import Herald
import HeraldScenario
import Testing

/// A route's texts in scenarios (`route: {..., messages: {...}}`): the scenario app gives
/// them to Herald (its source's ``ScenarioReminderSource/routeMessages(for:)``), a key
/// left out keeps the default, and an unknown key or placeholder is refused where it is
/// written. Waypoints and times are those of ``RouteScenario``.
struct RouteMessagesScenarioTests {
    static let messages = #", messages: {spot_title: "📍 {name}", spot_body: "{visited} von {total} in {route}", completion_body: "Alle {total}!"}"#

    @Test func theRoutesTextsAreItsNotifications() async throws {
        let result = try await RouteScenario.play(RouteScenario.start(Self.messages) + """
              - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T10:02, position: {lat: 0, lon: 0.001}}
            """)

        #expect(result.deliveries.map { "\($0.title) | \($0.body)" } == [
            "📍 A | 1 von 2 in R", "📍 B | 2 von 2 in R", "Route complete! | Alle 2!",
        ])
    }

    @Test func theKeysParseAndTheOthersKeepTheirDefaults() throws {
        let scenario = try RouteScenario.scenario(RouteScenario.start(Self.messages))
        guard case .startRoute(let route) = scenario.events.first?.action else {
            Issue.record("not a route: \(String(describing: scenario.events.first))")
            return
        }
        #expect(route.messages == RouteMessages(spotTitle: "📍 {name}", spotBody: "{visited} von {total} in {route}",
                                                completionTitle: "Route complete!", completionBody: "Alle {total}!"))
    }

    @Test func anUnknownKeyIsRefusedWhereItIsWritten() {
        let error = RouteScenario.parseError(RouteScenario.start(", messages: {spot_titel: x}"))
        #expect(error?.code == .unknownKey)
        #expect(error?.line == 6)
        #expect(error?.column == 78)
        #expect(error?.field == "events[0].route.messages.spot_titel")
        #expect(error?.message == "unknown key \"spot_titel\" (expected one of spot_title, spot_body, completion_title or completion_body)")
    }

    @Test func anUnknownPlaceholderIsRefusedWhereItIsWritten() {
        let spot = RouteScenario.parseError(RouteScenario.start(", messages: {spot_body: \"at {place}\"}"))
        #expect(spot?.code == .invalidValue)
        #expect(spot?.line == 6)
        #expect(spot?.column == 89)
        #expect(spot?.field == "events[0].route.messages.spot_body")
        #expect(spot?.message == "unknown placeholder {place} in spot_body (it may use {name}, {visited}, {total}, {route})")

        // The completion has no waypoint, so no {name}.
        let completion = RouteScenario.parseError(RouteScenario.start(", messages: {completion_title: \"{name} done\"}"))
        #expect(completion?.field == "events[0].route.messages.completion_title")
        #expect(completion?.message == "unknown placeholder {name} in completion_title (it may use {visited}, {total}, {route})")
    }
}
