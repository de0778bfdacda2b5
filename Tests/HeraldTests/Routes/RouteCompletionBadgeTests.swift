import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Seed 001 badges the route's completion (`content.badge = 1`); Herald keeps seed 004's
/// "the badge is what is outstanding": the completion counts from its delivery until
/// the user opens, dismisses or clears it, or the route is stopped or replaced; spot
/// notifications never count. Every badge below is worked out by hand from one daily
/// habit reminder at 10:30 and 18:00 (Berlin), the 10:30 one delivered and not done
/// when the walk of three waypoints ends at 10:34.
@Suite struct RouteCompletionBadgeTests {
    static let water = Fixtures.habit("water")

    /// The habit's reminder at a local date-time.
    static func reminder(_ text: String) -> String {
        NotificationIdentifier(entity: water, rule: "r", occurrence: OccurrenceKey(LocalDateTime(parsing: text)!),
                               kind: .reminder).description
    }

    /// The fixture at 10:31 with the 10:30 reminder delivered, a route started and its
    /// first two waypoints reached (their spots delivered).
    func makeWalkBeforeTheLastWaypoint() async throws -> RouteFixture {
        let fixture = RouteFixture(rules: [Fixtures.dailyRule("water", at: ["10:30", "18:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:31"))
        await fixture.engine.reconcile(reason: .foreground)
        #expect(await fixture.center.badgeCount == 1)
        try await fixture.engine.startRoute(RouteFixture.route())
        try await fixture.walk(to: 0)
        try await fixture.walk(to: 1)
        return fixture
    }

    func badge(of identifier: String, in fixture: RouteFixture) async -> Int?? {
        await fixture.center.pendingNotificationRequests().first { $0.identifier == identifier }.map(\.content.badge)
    }

    @Test func theCompletionCarriesTheOutstandingCountAndStaysInTheBadgeUntilOpened() async throws {
        let fixture = try await makeWalkBeforeTheLastWaypoint()
        // Spots ask nothing: the badge is still the undone 10:30 reminder.
        #expect(await fixture.center.badgeCount == 1)
        #expect(await fixture.delivered("arrived").map(\.request.content.badge) == [nil, nil])

        await fixture.center.advance(by: 60)
        let report = try await fixture.engine.positionChanged(RouteFixture.point(2))
        let session = try #require(try await fixture.engine.routeSession())
        // Pending now: the last spot (no badge) and the completion: 1 outstanding + itself.
        #expect(await badge(of: session.spotIdentifier("spot-2").description, in: fixture) == .some(nil))
        #expect(await badge(of: session.completionIdentifier.description, in: fixture) == 2)
        // 18:00 comes after the completion: 10:30, the completion, itself.
        #expect(await badge(of: Self.reminder("2026-11-21T18:00"), in: fixture) == 3)
        // Tomorrow's first reminder: the completion (not yet opened) and itself.
        #expect(await badge(of: Self.reminder("2026-11-22T10:30"), in: fixture) == 2)
        // Not delivered yet: the app badge is what is outstanding now.
        #expect(report.badgeSet == 1 && report.plan?.appBadge == 1)

        await fixture.center.advance(by: 0)
        #expect(await fixture.center.badgeCount == 2)
        let after = await fixture.engine.reconcile(reason: .foreground)
        #expect(after.badgeSet == 2)
        #expect(await badge(of: Self.reminder("2026-11-21T18:00"), in: fixture) == 3)
        #expect(await badge(of: Self.reminder("2026-11-22T10:30"), in: fixture) == 2)

        // Opening it (the system may leave it in the list) takes it out.
        let completion = try #require(await fixture.delivered("completion").first)
        let opened = await fixture.engine.received(NotificationResponse(
            notification: completion, actionIdentifier: NotificationResponse.defaultActionIdentifier))
        #expect(opened.badgeSet == 1)
        #expect(await fixture.center.badgeCount == 1)
        #expect(await badge(of: Self.reminder("2026-11-21T18:00"), in: fixture) == 2)
        #expect(await badge(of: Self.reminder("2026-11-22T10:30"), in: fixture) == 1)
        #expect(try await fixture.engine.routeSession()?.completionAcknowledged == fixture.clock.now)
        // Positions that keep arriving do not bring it back.
        try await fixture.walk(to: 2)
        #expect(await fixture.center.badgeCount == 1)
    }

    @Test func theCompletionStillCountsTheNextDayWhileNotOpened() async throws {
        let fixture = try await makeWalkBeforeTheLastWaypoint()
        try await fixture.walk(to: 2)
        #expect(await fixture.center.badgeCount == 2)
        // 18:00 is delivered with 3; after midnight yesterday's reminders no longer count
        // (they stay in the list), the completion still asks to be opened and counts alone.
        await fixture.center.advance(to: Fixtures.date("2026-11-21T18:01"))
        #expect(await fixture.center.badgeCount == 3)
        await fixture.center.advance(to: Fixtures.date("2026-11-22T00:01"))
        let report = await fixture.engine.timeChanged(.dayChanged)
        #expect(report.badgeSet == 1)
        #expect(await fixture.center.deliveredNotifications().map { $0.request.heraldIdentifier?.rule }
            .filter { $0 != "arrived" } == ["r", "completion", "r"])
        #expect(await badge(of: Self.reminder("2026-11-22T10:30"), in: fixture) == 2)
    }

    @Test(arguments: ["stop", "new session", "cleared", "spot tapped"])
    func whatTakesTheCompletionOutOfTheBadge(_ what: String) async throws {
        let fixture = try await makeWalkBeforeTheLastWaypoint()
        try await fixture.walk(to: 2)
        #expect(await fixture.center.badgeCount == 2)
        let report: ReconcileReport
        switch what {
        case "stop":
            report = try await fixture.engine.stopRoute()
        case "new session":
            report = try await fixture.engine.startRoute(RouteFixture.route("other"))
        case "cleared":
            let completion = try #require(await fixture.delivered("completion").first)
            await fixture.center.removeDeliveredNotifications(withIdentifiers: [completion.request.identifier])
            report = await fixture.engine.reconcile(reason: .foreground)
        default:
            let spot = try #require(await fixture.delivered("arrived").first)
            report = await fixture.engine.received(NotificationResponse(
                notification: spot, actionIdentifier: NotificationResponse.defaultActionIdentifier))
        }
        // A spot's tap changes nothing: the completion still asks to be opened.
        let expected = what == "spot tapped" ? 2 : 1
        #expect(report.badgeSet == expected)
        #expect(await badge(of: Self.reminder("2026-11-21T18:00"), in: fixture) == .some(expected + 1))
    }

    @Test func aSuppressedCompletionNeverCounts() async throws {
        let fixture = try await makeWalkBeforeTheLastWaypoint()
        try await fixture.engine.setRouteNotificationsEnabled(false)
        try await fixture.walk(to: 2)
        #expect(await fixture.delivered("completion").isEmpty)
        #expect(await fixture.center.badgeCount == 1)
        #expect(await badge(of: Self.reminder("2026-11-21T18:00"), in: fixture) == 2)
    }

    @Test func withoutBadgesTheCompletionCarriesNone() async throws {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T10:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        var configuration = PlannerConfiguration()
        configuration.badgePolicy = .none
        let engine = Engine(center: center, source: TestReminderSource([]), clock: clock, configuration: configuration)
        try await engine.startRoute(RouteFixture.route(waypoints: 1))
        try await engine.positionChanged(RouteFixture.point(0))
        let badges = await center.pendingNotificationRequests().map(\.content.badge)
        #expect(badges == [nil, nil])
    }
}
