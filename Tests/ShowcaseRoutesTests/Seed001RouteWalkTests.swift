import Foundation
import Herald
import HeraldSimulator
import ShowcaseRoutes
import Testing

/// Seed 001, the route-walk app, in simulated time: the device walks the route at a
/// walking pace, its positions reach the app as location updates; spot notifications
/// once per spot, the completion exactly once per session with its counts, reset on
/// start and stop, silent when off or not authorized, and the taps open the success
/// summary or the spot, also after the app was killed.
@Suite struct Seed001RouteWalkTests {
    /// Spots 0.001° of longitude apart on the equator: legs of R·π/180·0.001 = 111.195 m.
    static let leg = Coordinate.earthRadius * .pi / 180 * 0.001
    static func spot(_ index: Int) -> Waypoint {
        Waypoint(id: "spot-\(index)", name: "Spot \(index)", coordinate: Coordinate(latitude: 0, longitude: 0.001 * Double(index)))
    }
    static let route = GeneratedRoute(id: "mitte", name: "Mitte", spots: (0..<3).map(spot))
    static let start = Date(timeIntervalSince1970: 1_795_248_000)

    struct App {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let store: InMemoryEngineStore
        let engine: Engine
        /// The app's lifecycle, as its delegates call it.
        let host: AppHost
        let proximity: ProximityService
        let coordinator = HomeCoordinator()

        /// A process of the app over the system and store given (a relaunch keeps both).
        init(clock: VirtualClock, center: SimulatedNotificationCenter, store: InMemoryEngineStore) async {
            self.clock = clock
            self.center = center
            self.store = store
            engine = Engine(center: center, source: NoReminders(), store: store, clock: clock)
            host = AppHost(engine: engine)
            proximity = ProximityService(engine: engine, proximityThreshold: 30)
            let proximity = proximity
            await center.setPositionHandler { position in try? await proximity.locationUpdated(position) }
            await host.launched(readyWith: coordinator)
        }

        static func fresh(authorization: AuthorizationStatus = .authorized) async -> App {
            let clock = VirtualClock(now: Seed001RouteWalkTests.start, timeZone: TimeZone(identifier: "Europe/Berlin")!)
            return await App(clock: clock, center: SimulatedNotificationCenter(clock: clock, authorization: authorization),
                             store: InMemoryEngineStore())
        }

        /// Walks through the given spots at 1.4 m/s, a position every 5 s, then lets a run
        /// see what was delivered.
        func walk(through spots: [Int]) async {
            await center.walk(along: spots.map { Seed001RouteWalkTests.spot($0).coordinate }, speed: 1.4, every: 5)
            await center.advance(by: 1)
            await host.becameActive()
        }

        func delivered(_ rule: String) async -> [DeliveredNotification] {
            await center.deliveryLog.map(\.notification).filter { $0.request.heraldIdentifier?.rule == rule }
        }

        func tap(_ notification: DeliveredNotification) async {
            await host.received(NotificationResponse(notification: notification,
                                                    actionIdentifier: NotificationResponse.defaultActionIdentifier))
        }
    }

    @Test func allThreeSpotsVisitedGiveOneCompletionWithTheCounts() async throws {
        let app = await App.fresh()
        try await app.proximity.startProximityMonitoring(for: Self.route)
        await app.walk(through: [0, 1, 2])

        #expect(await app.delivered("arrived").map(\.request.content.title) == ["📍 Spot 0", "📍 Spot 1", "📍 Spot 2"])
        let completion = try #require(await app.delivered("completion").only)
        #expect(completion.request.content.title == "🎉 Route abgeschlossen!")
        #expect(completion.request.content.body.contains("alle 3 Spots"))
        // Spot 1 is passed at 111.195 m / 1.4 m/s = 79.4 s; samples every 5 s along the
        // second leg reach spot 2's 30 m at the first multiple of 7 m beyond 81.2 m.
        let reachedLast = Self.leg / 1.4 + ((Self.leg - 30) / 1.4 / 5).rounded(.up) * 5
        let summary = try #require(RouteSummary(sessionIDFrom: completion))
        #expect(summary.sessionID == "mitte" && summary.visitedCount == 3 && summary.totalWaypoints == 3)
        #expect(abs(summary.distance - 2 * Self.leg) < 1e-6)
        #expect(abs(summary.duration - reachedLast) < 1e-6)
    }

    @Test func twoOfThreeGiveNoCompletion() async throws {
        let app = await App.fresh()
        try await app.proximity.startProximityMonitoring(for: Self.route)
        await app.walk(through: [0, 1])
        #expect(await app.delivered("arrived").count == 2)
        #expect(await app.delivered("completion").isEmpty)
    }

    @Test func walkingOnAfterTheCompletionSendsNothingMore() async throws {
        let app = await App.fresh()
        try await app.proximity.startProximityMonitoring(for: Self.route)
        await app.walk(through: [0, 1, 2, 1, 0, 2])
        #expect(await app.delivered("arrived").count == 3)
        #expect(await app.delivered("completion").count == 1)
    }

    @Test func switchedOffOrNotAuthorizedSendsNothingAndSaysWhy() async throws {
        let off = await App.fresh()
        try await off.proximity.setNotificationsEnabled(false)
        try await off.proximity.startProximityMonitoring(for: Self.route)
        await off.walk(through: [0, 1, 2])
        #expect(await off.center.deliveryLog.isEmpty)
        #expect(try await off.proximity.progress()?.completion?.outcome == .suppressed(.notificationsOff))

        let denied = await App.fresh(authorization: .denied)
        try await denied.proximity.startProximityMonitoring(for: Self.route)
        await denied.walk(through: [0, 1, 2])
        #expect(await denied.center.deliveryLog.isEmpty)
        #expect(try await denied.proximity.progress()?.completion?.outcome == .suppressed(.notAuthorized(.denied)))
    }

    @Test func changingTheRouteWhileOneSpotShortStartsOver() async throws {
        let app = await App.fresh()
        try await app.proximity.startProximityMonitoring(for: Self.route)
        await app.walk(through: [0, 1])
        try await app.proximity.startProximityMonitoring(for: GeneratedRoute(id: "other", name: "Other", spots: Self.route.spots))
        await app.walk(through: [2])
        #expect(await app.delivered("completion").isEmpty)
        await app.walk(through: [1, 0])
        #expect(await app.delivered("completion").map(\.request.heraldIdentifier?.entity.id) == ["other"])
    }

    @Test func stoppingClearsTheVisits() async throws {
        let app = await App.fresh()
        try await app.proximity.startProximityMonitoring(for: Self.route)
        await app.walk(through: [0, 1])
        try await app.proximity.stopProximityMonitoring()
        #expect(try await app.proximity.progress() == nil)
        await app.walk(through: [2])
        #expect(await app.delivered("arrived").count == 2)
    }

    @Test func killedAfterCompletionAndBeforeTheTapNeitherResendsNorLosesTheTap() async throws {
        let first = await App.fresh()
        try await first.proximity.startProximityMonitoring(for: Self.route)
        await first.walk(through: [0, 1, 2])
        let completion = try #require(await first.delivered("completion").only)

        // The process is killed; the system and Herald's store survive; the app relaunches.
        let second = await App(clock: first.clock, center: first.center, store: first.store)
        await second.walk(through: [2, 1])
        await second.center.advance(by: 3_600)
        await second.host.becameActive()
        #expect(await second.delivered("completion").count == 1)

        // Tapping the completion opens the success summary with the counts.
        await second.tap(completion)
        guard case .success(let message, let summary) = second.coordinator.screen else {
            Issue.record("expected the success screen, got \(second.coordinator.screen)")
            return
        }
        #expect(message == "🎉 Route mit 3 Spots erfolgreich abgeschlossen!")
        #expect(summary.visitedCount == 3 && summary.totalWaypoints == 3)

        // Tapping a spot focuses the map on it.
        let spot = try #require(await second.delivered("arrived").first { $0.request.content.title == "📍 Spot 1" })
        await second.tap(spot)
        #expect(second.coordinator.screen == .focusedSpot(routeID: "mitte", spotID: "spot-1"))
    }
}

/// The route app has no timed reminders.
struct NoReminders: ReminderSource {
    func reminderRules() async throws -> [ReminderRule] { [] }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

extension RouteSummary {
    /// The summary a delivered completion carries, read as the app receives it on a tap.
    init?(sessionIDFrom notification: DeliveredNotification) {
        let userInfo = notification.request.content.userInfo
        guard case .string(let session)? = userInfo["routeSession"], case .number(let visited)? = userInfo["visitedCount"],
              case .number(let total)? = userInfo["totalWaypoints"], case .number(let distance)? = userInfo["routeDistance"],
              case .number(let duration)? = userInfo["routeDuration"] else { return nil }
        self.init(sessionID: session, visitedCount: Int(visited), totalWaypoints: Int(total), distance: distance,
                  duration: duration)
    }
}
