import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// The texts of route notifications come from the app's source
/// (``ReminderSource/routeMessages(for:)``), asked when the route starts, else the
/// session's own (``RouteMessages``' defaults); they are kept with the session, so a
/// notification planned again after a crash reads as the first time; a placeholder a
/// text does not have is refused. The route is ``RouteFixture``'s: "Walk walk", three
/// waypoints "Spot 0" to "Spot 2".
struct RouteMessagesSourceTests {
    /// A source of no reminders whose route texts are whatever the test sets (or an error).
    final class TextSource: ReminderSource {
        let texts: Mutex<Result<RouteMessages?, CancellationError>>

        init(_ texts: RouteMessages?) { self.texts = Mutex(.success(texts)) }

        func reminderRules() async throws -> [ReminderRule] { [] }
        func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
        func routeMessages(for session: RouteSession) async throws -> RouteMessages? { try texts.withLock { $0 }.get() }
    }

    static let german = RouteMessages(spotTitle: "📍 {name}", spotBody: "{visited} von {total} in {route}",
                                      completionTitle: "Fertig: {route}", completionBody: "{visited} von {total} besucht")

    static func fixture(_ source: TextSource, store: InMemoryEngineStore = InMemoryEngineStore()) -> RouteFixture {
        var fixture = RouteFixture(store: store)
        fixture.engine = Engine(center: fixture.center, source: source, store: store, clock: fixture.clock)
        return fixture
    }

    /// `title | body` of every route notification delivered, in order.
    static func texts(_ fixture: RouteFixture) async -> [String] {
        await fixture.center.deliveryLog.map(\.notification.request.content)
            .map { "\($0.title) | \($0.body)" }
    }

    @Test func theSourcesTextsAreTheNotifications() async throws {
        let fixture = Self.fixture(TextSource(Self.german))
        try await fixture.engine.startRoute(RouteFixture.route())
        for index in 0..<3 { try await fixture.walk(to: Double(index)) }

        #expect(await Self.texts(fixture) == [
            "📍 Spot 0 | 1 von 3 in Walk walk", "📍 Spot 1 | 2 von 3 in Walk walk", "📍 Spot 2 | 3 von 3 in Walk walk",
            "Fertig: Walk walk | 3 von 3 besucht",
        ])
        #expect(try await fixture.engine.routeSession()?.session.messages == Self.german)
    }

    @Test func withoutTextsOfTheSourceTheDefaultsAreUsed() async throws {
        let fixture = Self.fixture(TextSource(nil))
        try await fixture.engine.startRoute(RouteFixture.route(waypoints: 1))
        try await fixture.walk(to: 0)

        #expect(await Self.texts(fixture) == [
            "Spot 0 | You reached Spot 0.", "Route complete! | You visited all 1 spots of Walk walk. Tap for your summary.",
        ])
    }

    @Test func aFailingSourceLeavesTheSessionsOwnTexts() async throws {
        let source = TextSource(nil)
        source.texts.withLock { $0 = .failure(CancellationError()) }
        let fixture = Self.fixture(source)
        var route = RouteFixture.route(waypoints: 1)
        route.messages = RouteMessages(spotTitle: "Own {name}")
        try await fixture.engine.startRoute(route)
        try await fixture.walk(to: 0)

        #expect(await Self.texts(fixture).first == "Own Spot 0 | You reached Spot 0.")
    }

    @Test func aPlaceholderATextDoesNotHaveIsRefused() async throws {
        let fixture = Self.fixture(TextSource(RouteMessages(completionTitle: "Done at {name}")))
        let error = await #expect(throws: DeclarationError.self) { try await fixture.engine.startRoute(RouteFixture.route()) }
        #expect(error?.code == .invalidRoute)
        #expect(error?.message == "the completion title of route walk uses the placeholder {name}, which it does not have; "
            + "it may use {visited}, {total}, {route}")
        #expect(try await fixture.engine.routeSession() == nil)
        #expect(throws: DeclarationError.self) {
            try RouteSession(id: "r", name: "R", waypoints: [RouteFixture.waypoint(0)], proximityThreshold: 5,
                             messages: RouteMessages(spotBody: "{where}"))
        }
    }

    /// Spot 0 is reached and committed, and the process dies before the run that sends
    /// it (``Engine/record(_:)`` alone). The next process's source has other texts by
    /// then: the spot still reads as the session's.
    @Test func aSpotPlannedAgainAfterACrashReadsAsTheFirstTime() async throws {
        let store = InMemoryEngineStore()
        let first = Self.fixture(TextSource(Self.german), store: store)
        try await first.engine.startRoute(RouteFixture.route())
        await first.center.advance(by: 60)
        try await first.engine.record(.position(RouteFixture.point(0)))
        #expect(await first.center.pendingNotificationRequests().isEmpty)

        var second = first
        second.engine = Engine(center: first.center, source: TextSource(RouteMessages(spotTitle: "Other {name}")),
                               store: store, clock: first.clock)
        await second.engine.launched()
        await second.center.advance(by: 0)

        #expect(await Self.texts(second) == ["📍 Spot 0 | 1 von 3 in Walk walk"])
    }

    /// One position reaches Spot 0 and Spot 1: here the waypoints are 0.0001° (11.12 m)
    /// apart with a 10 m threshold, and the position halfway between the first two is
    /// 5.56 m from each and 16.68 m from Spot 2. `{visited}` is 1 for the first in walking
    /// order and 2 for the second, not 2 for both; a state decoded from JSON says the same.
    @Test func visitedCountsTheWaypointsReachedUpToTheSpot() async throws {
        let fixture = Self.fixture(TextSource(Self.german))
        let near = (0..<3).map { Waypoint(id: "spot-\($0)", name: "Spot \($0)",
                                          coordinate: Coordinate(latitude: 0, longitude: 0.0001 * Double($0))) }
        let route = try RouteSession(id: "walk", name: "Walk walk", waypoints: near, proximityThreshold: 10)
        try await fixture.engine.startRoute(route)
        await fixture.center.advance(by: 60)
        try await fixture.engine.positionChanged(Coordinate(latitude: 0, longitude: 0.00005))
        await fixture.center.advance(by: 0)

        #expect(await Self.texts(fixture) == ["📍 Spot 0 | 1 von 3 in Walk walk", "📍 Spot 1 | 2 von 3 in Walk walk"])
        let state = try #require(try await fixture.engine.routeSession())
        let decoded = try JSONDecoder().decode(RouteSessionState.self, from: try JSONEncoder().encode(state))
        #expect(decoded.spotContent(near[0]).body == "1 von 3 in Walk walk")
        #expect(decoded.spotContent(near[1]).body == "2 von 3 in Walk walk")
    }

    @Test func placeholdersAreWordsInBraces() {
        #expect(RouteMessages.placeholders(in: "{name} {a b} {} {x_1}{") == ["name", "x_1"])
        #expect(RouteMessages.placeholders(in: "{{total}}") == ["total"])
        #expect(RouteMessages.placeholders(in: "no braces") == [])
    }
}
