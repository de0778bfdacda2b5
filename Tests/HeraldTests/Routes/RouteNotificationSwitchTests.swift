import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// The app's switch for route notifications (``Engine/setRouteNotificationsEnabled(_:)``):
/// kept in Herald's store, so a new process over the same store holds to it; what was
/// reached while it was off is never sent, also after it is on again and the app was
/// killed and relaunched. The route is ``RouteFixture``'s: three waypoints 111 m apart.
struct RouteNotificationSwitchTests {
    @Test func aCompletionSkippedWhileOffIsNeverSentAfterARelaunch() async throws {
        var fixture = RouteFixture()
        try await fixture.engine.startRoute(RouteFixture.route())
        try await fixture.walk(to: 0)                                  // spot 0 sent
        try await fixture.engine.setRouteNotificationsEnabled(false)
        try await fixture.walk(to: 1)                                  // spot 1: off
        try await fixture.walk(to: 2)                                  // spot 2 and the completion: off
        try await fixture.engine.setRouteNotificationsEnabled(true)

        // The process dies; a new one runs on the same store and center.
        fixture.engine = Engine(center: fixture.center, source: TestReminderSource([]), store: fixture.store,
                                clock: fixture.clock)
        await fixture.engine.launched()
        try await fixture.walk(to: 2)
        await fixture.center.advance(by: 3_600)

        #expect(await fixture.delivered(RouteSessionState.spotRule).map(\.request.content.title) == ["Spot 0"])
        #expect(await fixture.delivered(RouteSessionState.completionRule).isEmpty)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        let session = try #require(try await fixture.engine.routeSession())
        #expect(session.visits["spot-0"]?.outcome == .sent)
        #expect(session.visits["spot-1"]?.outcome == .suppressed(.notificationsOff))
        #expect(session.completion?.outcome == .suppressed(.notificationsOff))
    }

    @Test func theSwitchIsKeptInTheStoreAcrossProcesses() async throws {
        var fixture = RouteFixture()
        try await fixture.engine.setRouteNotificationsEnabled(false)
        fixture.engine = Engine(center: fixture.center, source: TestReminderSource([]), store: fixture.store,
                                clock: fixture.clock)
        await fixture.engine.launched()
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await fixture.center.deliveryLog.isEmpty)
        #expect(try fixture.store.load().routeNotificationsEnabled == false)
        // On again: only what is reached from then on is sent (a new session here).
        try await fixture.engine.setRouteNotificationsEnabled(true)
        #expect(try fixture.store.load().routeNotificationsEnabled == true)
        try await fixture.engine.startRoute(RouteFixture.route("again"))
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }
        #expect(await fixture.delivered(RouteSessionState.spotRule).count == 3)
        #expect(await fixture.delivered(RouteSessionState.completionRule).count == 1)
    }
}
