import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Seed 001's test plan, in simulated time: spot notifications once per waypoint, the
/// completion exactly once per session with its counts, reset on start and stop,
/// silent when off or not authorized, typed routes on tap.
@Suite struct RouteSessionTests {
    @Test func threeWaypointsAllVisitedGiveOneCompletion() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await fixture.delivered("arrived").count == 3)
        let completions = await fixture.delivered("completion")
        try #require(completions.count == 1)
        let summary = try #require(RouteSummary(extras: completions[0].request.content.userInfo))
        // Two legs of 0.001° on the equator; the third position came 180 s after the start.
        #expect(summary.visitedCount == 3 && summary.totalWaypoints == 3)
        #expect(abs(summary.distance - 2 * RouteFixture.leg) < 1e-6)
        #expect(summary.duration == 180)
        #expect(try await fixture.engine.routeSession()?.completion?.outcome == .sent)
    }

    @Test func twoOfThreeGiveNoCompletion() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        try await fixture.walk(to: 0)
        try await fixture.walk(to: 0.5)   // 55.6 m from both: reaches neither
        try await fixture.walk(to: 2)

        #expect(await fixture.delivered("arrived").map(\.request.content.title) == ["Spot 0", "Spot 2"])
        #expect(await fixture.delivered("completion").isEmpty)
        #expect(try await fixture.engine.routeSession()?.completion == nil)
    }

    @Test func thresholdIsInclusiveAndMeasuredOnTheSphere() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(try RouteSession(
            id: "edge", name: "Edge", waypoints: [RouteFixture.waypoint(0)], proximityThreshold: RouteFixture.leg * 0.2))
        try await fixture.walk(to: 0.2001)   // just outside 22.24 m
        #expect(await fixture.delivered("arrived").isEmpty)
        try await fixture.walk(to: 0.1999)
        #expect(await fixture.delivered("arrived").count == 1)
    }

    @Test func oneCompletionPerSessionWhilePositionsKeepArriving() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in [0, 1, 2, 2, 1, 0, 2, 0] { try await fixture.walk(to: Double(index), after: 5) }
        await fixture.engine.reconcile(reason: .launch)
        await fixture.center.advance(by: 3600)

        #expect(await fixture.delivered("arrived").count == 3)
        #expect(await fixture.delivered("completion").count == 1)
    }

    @Test func rapidVisitsWithinSecondsEachNotifyOnce() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(try RouteSession(
            id: "dense", name: "Dense", waypoints: [RouteFixture.waypoint(0), RouteFixture.waypoint(1)],
            proximityThreshold: RouteFixture.leg))   // one position reaches both
        try await fixture.walk(to: 0.5, after: 1)
        try await fixture.walk(to: 0.5, after: 1)

        #expect(await fixture.delivered("arrived").count == 2)
        #expect(await fixture.delivered("completion").count == 1)
        // The completion comes after the spots delivered at the same instant.
        let order = await fixture.center.deliveryLog.map { $0.notification.request.heraldIdentifier?.rule }
        #expect(order == ["arrived", "arrived", "completion"])
    }

    @Test func positionsReportedConcurrentlyCompleteOnce() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        try await fixture.walk(to: 0)
        try await fixture.walk(to: 1)
        let engine = fixture.engine
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await engine.positionChanged(RouteFixture.point(2)) } }
            try await group.waitForAll()
        }
        await fixture.center.advance(by: 0)
        await fixture.engine.reconcile(reason: .foreground)

        #expect(await fixture.delivered("arrived").count == 3)
        #expect(await fixture.delivered("completion").count == 1)
    }

    @Test func notificationsOffSendNothingAndSayWhy() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.setRouteNotificationsEnabled(false)
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await fixture.center.deliveryLog.isEmpty)
        let session = try #require(try await fixture.engine.routeSession())
        #expect(session.visits.count == 3)
        #expect(session.visits.values.allSatisfy { $0.outcome == .suppressed(.notificationsOff) })
        #expect(session.completion?.outcome == .suppressed(.notificationsOff))
        // Turning them on later does not send what was due while they were off.
        try await fixture.engine.setRouteNotificationsEnabled(true)
        try await fixture.walk(to: 2)
        #expect(await fixture.center.deliveryLog.isEmpty)
    }

    @Test(arguments: [AuthorizationStatus.denied, .notDetermined])
    func notAuthorizedSendsNothingAndSaysWhy(_ status: AuthorizationStatus) async throws {
        let fixture = RouteFixture(authorization: status)
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await fixture.center.deliveryLog.isEmpty)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        #expect(try await fixture.engine.routeSession()?.completion?.outcome == .suppressed(.notAuthorized(status)))
    }

    @Test func changingRouteWhileCompletionEligibleStartsFromNothing() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route("first"))
        try await fixture.walk(to: 0)
        try await fixture.walk(to: 1)
        // One waypoint short of completion, the user picks another route with the same spots.
        try await fixture.engine.startRoute(RouteFixture.route("second"))
        #expect(try await fixture.engine.routeSession()?.visits.isEmpty == true)
        try await fixture.walk(to: 2)

        #expect(await fixture.delivered("completion").isEmpty)
        #expect(await fixture.delivered("arrived").count == 3)
        try await fixture.walk(to: 1)
        try await fixture.walk(to: 0)
        let completions = await fixture.delivered("completion")
        #expect(completions.map(\.request.heraldIdentifier?.entity.id) == ["second"])
    }

    @Test func restartingTheSameRouteNotifiesAgain() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await fixture.delivered("arrived").count == 6)
        #expect(await fixture.delivered("completion").count == 2)
    }

    @Test func stoppingClearsTheSessionAndWithdrawsWhatIsNotDelivered() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        try await fixture.engine.positionChanged(RouteFixture.point(0))
        #expect(await fixture.center.pendingNotificationRequests().count == 1)
        try await fixture.engine.stopRoute()

        #expect(try await fixture.engine.routeSession() == nil)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        try await fixture.walk(to: 1)
        #expect(await fixture.center.deliveryLog.isEmpty)
    }

    @Test func aKillAfterCompletionAndBeforeTheTapDoesNotResend() async throws {
        var fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }
        // The process dies; the store and the system survive; the user clears the list.
        await fixture.center.removeAllDeliveredNotifications()
        fixture.engine = Engine(center: fixture.center, source: TestReminderSource([]), store: fixture.store,
                                clock: fixture.clock)
        await fixture.engine.launched()
        try await fixture.walk(to: 2)
        await fixture.center.advance(by: 86_400 * 3)
        await fixture.engine.launched()
        await fixture.center.advance(by: 60)

        #expect(await fixture.delivered("completion").count == 1)
    }

    @Test func aKillAfterTheVisitIsRecordedAndBeforeTheRunSendsItOnce() async throws {
        var fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route(waypoints: 1))
        // The engine commits the visit and the completion, then the process dies before
        // its run: the state says they are due, the center has nothing.
        let state = try #require(fixture.store.load().routeSession)
        fixture.store.commit(state.progress(to: RouteFixture.point(0), at: fixture.clock.now, suppression: nil))
        await fixture.center.advance(by: 120)
        fixture.engine = Engine(center: fixture.center, source: TestReminderSource([]), store: fixture.store,
                                clock: fixture.clock)
        await fixture.engine.launched()
        await fixture.center.advance(by: 0)
        await fixture.engine.launched()
        await fixture.center.advance(by: 60)

        #expect(await fixture.delivered("arrived").count == 1)
        #expect(await fixture.delivered("completion").count == 1)
    }

    @Test func tappingTheCompletionOpensItsSummaryAndASpotFocusesItsWaypoint() async throws {
        let fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }
        let responder = RecordingResponder()
        await fixture.engine.ready(responder)
        let completion = try #require(await fixture.delivered("completion").first)
        let spot = try #require(await fixture.delivered("arrived").first { $0.request.content.title == "Spot 1" })
        await fixture.engine.received(NotificationResponse(notification: completion,
                                                          actionIdentifier: NotificationResponse.defaultActionIdentifier))
        await fixture.engine.received(NotificationResponse(notification: spot,
                                                          actionIdentifier: NotificationResponse.defaultActionIdentifier))

        let routes = responder.routes
        try #require(routes.count == 2)
        #expect(routes[0].routeWalk == .completion(RouteSummary(
            sessionID: "walk", visitedCount: 3, totalWaypoints: 3, distance: RouteFixture.route().distance, duration: 180)))
        #expect(routes[1].routeWalk == .waypoint(sessionID: "walk", waypointID: "spot-1"))
        #expect(routes[0].destination == .ready(RouteFixture.route().entity, title: "walk"))
    }

    @Test func invalidRoutesAreRefusedWithWhatIsWrong() {
        let spot = RouteFixture.waypoint(0)
        #expect(throws: DeclarationError.self) { try RouteSession(id: "r", name: "", waypoints: [], proximityThreshold: 10) }
        #expect(throws: DeclarationError.self) { try RouteSession(id: "r", name: "", waypoints: [spot, spot], proximityThreshold: 10) }
        #expect(throws: DeclarationError.self) { try RouteSession(id: "r", name: "", waypoints: [spot], proximityThreshold: 0) }
        #expect(throws: DeclarationError.self) { try RouteSession(id: "", name: "", waypoints: [spot], proximityThreshold: 5) }
        let far = Waypoint(id: "x", name: "x", coordinate: Coordinate(latitude: 100, longitude: 0))
        let error = #expect(throws: DeclarationError.self) { try RouteSession(id: "r", name: "", waypoints: [far], proximityThreshold: 5) }
        #expect(error?.code == .invalidRoute)
        #expect(error?.message.contains("waypoint x of route r") == true)
    }
}
