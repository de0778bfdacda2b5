import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// User events on route notifications: `route/<id>` names the route's latest
/// notification (the one delivered last), `{route: <id>, waypoint: <id>}` that spot's;
/// an unknown route or waypoint is refused where it is written, and one with nothing
/// delivered stops the run at its line. Waypoints and times are those of ``RouteScenario``.
struct RouteTapTargetTests {
    /// A at 10:01, then B at 10:02, which completes the route: spot B and the
    /// completion are delivered at 10:02, the completion after it (spot first at one
    /// instant), so it is the route's latest.
    static let walk = """
          - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
          - {at: 2026-11-21T10:02, position: {lat: 0, lon: 0.001}}

        """

    @Test func theRouteNamesItsLatestNotificationAndAWaypointItsSpot() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + Self.walk + """
              - {at: 2026-11-21T10:03, tap: route/r}
              - {at: 2026-11-21T10:04, tap: {route: r, waypoint: a}}
              - {at: 2026-11-21T10:05, dismiss: {route: r, waypoint: b}}
            """)

        #expect(result.deliveries.map(\.identifier) == [RouteScenario.spotA, RouteScenario.spotB, RouteScenario.completion])
        #expect(result.userActions.map(\.identifier) == [RouteScenario.completion, RouteScenario.spotA, RouteScenario.spotB])
        #expect(result.routes.map(\.identifier) == [RouteScenario.completion, RouteScenario.spotA])
    }

    @Test func aRuleOfTheRouteNamesItsLatestSpotOrItsCompletion() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + Self.walk + """
              - {at: 2026-11-21T10:03, tap: route/r/arrived}
              - {at: 2026-11-21T10:04, tap: route/r/completion}
            """)
        #expect(result.userActions.map(\.identifier) == [RouteScenario.spotB, RouteScenario.completion])
    }

    /// A waypoint whose spot is not delivered (B before 10:02) stops the run at the
    /// event's line (line 8: the header's 5, the route's, A's position, then the tap).
    @Test func aSpotNotDeliveredYetStopsTheRunAtItsLine() async throws {
        let scenario = try RouteScenario.scenario(RouteScenario.start() + """
              - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T10:01, tap: {route: r, waypoint: b}}
            """)
        let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
        #expect(error?.code == .impossibleEvent)
        #expect(error?.file == "route.yaml")
        #expect(error?.line == 8)
        #expect(error?.field == "events[2].tap")
        #expect(error?.message == "at 2026-11-21 10:01 GMT: no notification of waypoint b of route/r is in the delivered list "
            + "or an open prompt (in the list: \(RouteScenario.spotA))")
    }

    @Test func aRouteNotStartedYetIsRefusedWhereItIsWritten() {
        let error = RouteScenario.parseError("  - {at: 2026-11-21T10:00, tap: route/r}\n" + RouteScenario.start())
        #expect(error?.code == .unknownEntity)
        #expect(error?.line == 6)
        #expect(error?.column == 33)
        #expect(error?.field == "events[0].tap")
        #expect(error?.message == "no route \"r\" by this point of the scenario (none is started before it)")
    }

    @Test func anUnknownRouteOrWaypointInAMappingIsRefusedWhereItIsWritten() {
        let route = RouteScenario.parseError(RouteScenario.start() + "  - {at: 2026-11-21T10:01, tap: {route: q, waypoint: a}}\n")
        #expect(route?.code == .unknownEntity)
        #expect(route?.line == 7)
        #expect(route?.column == 41)
        #expect(route?.field == "events[1].tap.route")
        #expect(route?.message == "no route \"q\" by this point of the scenario (started: r)")

        let waypoint = RouteScenario.parseError(RouteScenario.start() + "  - {at: 2026-11-21T10:01, tap: {route: r, waypoint: z}}\n")
        #expect(waypoint?.code == .unknownEntity)
        #expect(waypoint?.line == 7)
        #expect(waypoint?.column == 54)
        #expect(waypoint?.field == "events[1].tap.waypoint")
        #expect(waypoint?.message == "the route \"r\" has no waypoint \"z\" (its waypoints: a, b)")

        let key = RouteScenario.parseError(RouteScenario.start() + "  - {at: 2026-11-21T10:01, tap: {route: r, spot: a}}\n")
        #expect(key?.code == .unknownKey)
        #expect(key?.field == "events[1].tap.spot")

        let missing = RouteScenario.parseError(RouteScenario.start() + "  - {at: 2026-11-21T10:01, tap: {route: r}}\n")
        #expect(missing?.field == "events[1].tap.waypoint")
        #expect(missing?.message.contains("waypoint") == true)
    }

    /// `action` takes a route target too; a route has no category, so it has no action.
    @Test func anActionOnARouteSpotIsRefusedForWantOfACategory() {
        let error = RouteScenario.parseError(RouteScenario.start()
            + "  - {at: 2026-11-21T10:01, action: {on: {route: r, waypoint: a}, id: log}}\n")
        #expect(error?.code == .unknownAction)
        #expect(error?.message == "the notifications of waypoint a of route/r have no category, so no action \"log\" (give the rule a category)")
    }

    @Test func theTargetsParseToTheRouteEntityAndTheWaypoint() throws {
        let scenario = try RouteScenario.scenario(RouteScenario.start()
            + "  - {at: 2026-11-21T10:01, tap: route/r}\n  - {at: 2026-11-21T10:02, tap: {route: r, waypoint: b}}\n")
        let route = EntityReference(namespace: "route", id: "r")
        #expect(scenario.events[1].action == .tap(.entity(route, rule: nil)))
        #expect(scenario.events[2].action == .tap(.waypoint(route: "r", waypoint: "b")))
        #expect(scenario.events[2].action.entities == [route])
        #expect(ScenarioTarget.waypoint(route: "r", waypoint: "b").matches(RouteScenario.spotB))
        #expect(!ScenarioTarget.waypoint(route: "r", waypoint: "b").matches(RouteScenario.spotA))
        #expect(!ScenarioTarget.waypoint(route: "r", waypoint: "b").matches(RouteScenario.completion))
        #expect(!ScenarioTarget.waypoint(route: "q", waypoint: "b").matches(RouteScenario.spotB))
    }
}
