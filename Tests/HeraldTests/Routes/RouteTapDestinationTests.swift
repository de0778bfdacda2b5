import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// What Herald hands the app for a response to a route notification
/// (``ResponseHandoff/routeWalk``): the completion leads to the route's summary, a spot
/// to its waypoint, whatever the action; nothing else is a route destination.
struct RouteTapDestinationTests {
    static let session = RouteSessionState(session: RouteFixture.route(), startedAt: Fixtures.date("2026-11-21T10:00"))

    static func payload(_ identifier: NotificationIdentifier, _ extras: [String: JSONValue]) -> HeraldPayload {
        HeraldPayload(identifier: identifier, extras: extras)
    }

    @Test func theCompletionLeadsToTheSummaryAndASpotToItsWaypoint() {
        // Three waypoints 111.195 m apart: 222.39 m; reached in 180 s.
        let summary = RouteSummary(sessionID: "walk", visitedCount: 3, totalWaypoints: 3, distance: 222.39, duration: 180)
        let completion = Self.session.completionContent(summary)
        let spot = Self.session.spotContent(RouteFixture.waypoint(1))

        #expect(ResponseHandoff.RouteWalkDestination(Self.payload(Self.session.completionIdentifier, completion.userInfo))
            == .completion(summary))
        #expect(ResponseHandoff.RouteWalkDestination(Self.payload(Self.session.spotIdentifier("spot-1"), spot.userInfo))
            == .waypoint(sessionID: "walk", waypointID: "spot-1"))
    }

    @Test func otherNotificationsAreNoRouteDestination() {
        let reminder = NotificationIdentifier(entity: Fixtures.habit("read"), rule: "r",
                                              occurrence: OccurrenceKey(rawValue: "20261121T0900"), kind: .reminder)
        #expect(ResponseHandoff.RouteWalkDestination(Self.payload(reminder, [:])) == nil)
        // An event of the route's namespace with another rule, or a spot without its waypoint.
        let other = NotificationIdentifier(entity: RouteFixture.route().entity, rule: "promo",
                                           occurrence: OccurrenceKey(rawValue: "x"), kind: .event)
        #expect(ResponseHandoff.RouteWalkDestination(Self.payload(other, [:])) == nil)
        #expect(ResponseHandoff.RouteWalkDestination(Self.payload(Self.session.spotIdentifier("spot-1"), [:])) == nil)
    }

    /// A dismissal of the completion hands the same destination: the app decides what a
    /// dismissal does, Herald says which notification it was.
    @Test func aDismissalOfTheCompletionStillSaysWhichItWas() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }
        let responder = RecordingResponder()
        await fixture.engine.ready(responder)
        let completion = try #require(await fixture.delivered(RouteSessionState.completionRule).first)
        await fixture.engine.received(NotificationResponse(notification: completion,
                                                          actionIdentifier: NotificationResponse.dismissActionIdentifier))

        let routes = responder.routes
        try #require(routes.count == 1)
        // Started 10:00, the last waypoint at 10:03 (three walks of 60 s): 180 s.
        #expect(routes[0].routeWalk == .completion(RouteSummary(
            sessionID: "walk", visitedCount: 3, totalWaypoints: 3, distance: RouteFixture.route().distance, duration: 180)))
        #expect(routes[0].action == .dismiss)
    }
}
