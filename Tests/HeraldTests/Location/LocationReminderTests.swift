import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Seed 004's location reminders: armed as location triggers within the 20-region
/// budget, counted toward the badge, removed (pending and delivered) on completion,
/// pause and deletion through the identity match, recorded in the fired log, whether
/// the center lists location deliveries or hides them from the app as iOS documents.
@Suite struct LocationReminderTests {
    static let gym = Coordinate(latitude: 52.5200, longitude: 13.4050)
    /// 0.01° of latitude north of the gym: 1 112 m away, outside a 150 m region.
    static let away = Coordinate(latitude: 52.5300, longitude: 13.4050)

    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let store = InMemoryEngineStore()
        let engine: Engine

        init(_ rules: [ReminderRule], locationDeliveries: LocationDeliveries = .hidden) {
            clock = VirtualClock(now: Fixtures.date("2026-11-21T10:00"), timeZone: Fixtures.berlin)
            center = SimulatedNotificationCenter(clock: clock, authorization: .authorized,
                                                 locationDeliveries: locationDeliveries)
            source = TestReminderSource(rules)
            engine = Engine(center: center, source: source, store: store, clock: clock)
        }

        /// The device moves; the app reports the position; what is due is delivered and seen.
        func move(to position: Coordinate, wait: TimeInterval = 30) async throws {
            await center.move(to: position)
            try await engine.positionChanged(position)
            await center.advance(by: wait)
            await engine.becameActive()
        }

        func pendingLocation() async -> [NotificationIdentifier] {
            await center.pendingNotificationRequests().compactMap(\.heraldIdentifier).filter { $0.kind == .location }.sorted()
        }
    }

    static func gymRule(_ habit: String = "workout", at center: Coordinate = gym, repeats: Bool = false) -> ReminderRule {
        try! ReminderRule(entity: Fixtures.habit(habit), id: "arrive", location: LocationTrigger(
            region: LocationRegion(identifier: habit, latitude: center.latitude, longitude: center.longitude, radius: 150),
            repeats: repeats))
    }

    @Test func aLocationReminderIsArmedAsALocationTriggerWithABadge() async throws {
        let fixture = Fixture([Self.gymRule()])
        try await fixture.move(to: Self.away)
        let pending = try #require(await fixture.center.pendingNotificationRequests().first)
        #expect(pending.heraldIdentifier == NotificationIdentifier(
            entity: Fixtures.habit("workout"), rule: "arrive", occurrence: OccurrenceKey(rawValue: "20261121T0000"), kind: .location))
        guard case .location(let region, repeats: false)? = pending.trigger else {
            Issue.record("expected a location trigger, got \(String(describing: pending.trigger))")
            return
        }
        #expect(region.radius == 150 && region.notifyOnEntry)
        #expect(pending.content.badge == 1)
    }

    /// By hand: the entry at 10:00:30 fires the trigger 20 s later (10:00:50); the run at
    /// 10:01:00 finds it (in the list, or gone from the pending list when the list hides
    /// it) and sets the badge to the one outstanding reminder.
    @Test(arguments: LocationDeliveries.allCases)
    func deliveredThenCompletedIsRemovedAndStaysInTheFiredLog(_ mode: LocationDeliveries) async throws {
        let fixture = Fixture([Self.gymRule()], locationDeliveries: mode)
        try await fixture.move(to: Self.away)
        try await fixture.move(to: Self.gym)   // entry, delivered 20 s later

        let shown = await fixture.center.notificationList()
        #expect(shown.map(\.request.heraldIdentifier?.kind) == [.location])
        #expect(shown.first?.date == fixture.clock.now.addingTimeInterval(-10))
        #expect(await fixture.center.deliveredNotifications().count == (mode == .listed ? 1 : 0))
        // Herald's own count, set by the run after the delivery (hidden: 0 if it had not
        // learnt of the firing).
        #expect(await fixture.center.badgeCount == 1)
        let fired = fixture.store.load().fired.values.map(\.identifier)
        #expect(fired.map(\.kind) == [.location])
        // Not armed again today: it fired once.
        #expect(await fixture.pendingLocation().isEmpty)

        try await fixture.engine.completed(Fixtures.habit("workout"))
        #expect(await fixture.center.notificationList().isEmpty)
        #expect(await fixture.center.badgeCount == 0)
        #expect(fixture.store.load().fired.values.map(\.identifier) == fired)
    }

    @Test func completingBeforeArrivingRemovesThePendingOneUntilTomorrow() async throws {
        let fixture = Fixture([Self.gymRule()])
        try await fixture.move(to: Self.away)
        try await fixture.engine.completed(Fixtures.habit("workout"))
        #expect(await fixture.pendingLocation().isEmpty)
        try await fixture.move(to: Self.gym)
        #expect(await fixture.center.deliveredNotifications().isEmpty)

        await fixture.center.advance(to: Fixtures.date("2026-11-22T00:00:30"))
        await fixture.engine.reconcile(reason: .timeChanged(.dayChanged))
        #expect(await fixture.pendingLocation().map(\.occurrence.rawValue) == ["20261122T0000"])
    }

    /// By hand: three reminders fire at the gym. Listed, Herald counts all three; hidden,
    /// it learns of the two one-shot ones (gone from the pending list) and not of the
    /// repeating one, which stays pending: 2. Pausing workout and deleting water leaves
    /// stretch alone in the list, counted: 1, in both modes.
    @Test(arguments: LocationDeliveries.allCases)
    func pausingAndDeletingRemovePendingAndDelivered(_ mode: LocationDeliveries) async throws {
        let fixture = Fixture([Self.gymRule("workout"), Self.gymRule("stretch"), Self.gymRule("water", repeats: true)],
                              locationDeliveries: mode)
        try await fixture.move(to: Self.away)
        try await fixture.move(to: Self.gym)
        #expect(await fixture.center.notificationList().count == 3)
        #expect(await fixture.center.badgeCount == (mode == .listed ? 3 : 2))
        // The repeating one stays armed for the next entry.
        #expect(await fixture.pendingLocation().map(\.entity.id) == ["water"])

        try await fixture.engine.paused(Fixtures.habit("workout"))
        fixture.source.set([Self.gymRule("workout"), Self.gymRule("stretch")])   // the app deletes water
        try await fixture.engine.deleted([Fixtures.habit("water")])
        #expect(await fixture.center.notificationList().map(\.request.heraldIdentifier?.entity.id) == ["stretch"])
        #expect(await fixture.pendingLocation().isEmpty)
        #expect(await fixture.center.badgeCount == 1)
    }

    @Test func aRepeatingReminderFiresOnEveryEntry() async throws {
        let fixture = Fixture([Self.gymRule(repeats: true)])
        try await fixture.move(to: Self.away)
        for _ in 0..<3 {
            try await fixture.move(to: Self.gym)
            try await fixture.move(to: Self.away)
        }
        #expect(await fixture.center.deliveryLog.count == 3)
    }

    @Test func neverMoreThanTwentyWatchedAndTheNearestAfterMoving() async throws {
        // 30 habits, one region each, 0.01° of longitude (≈ 678 m at 52.5°) apart.
        let rules = (0..<30).map { index in
            Self.gymRule(String(format: "h%02d", index), at: Coordinate(latitude: 52.52, longitude: 13.0 + 0.01 * Double(index)))
        }
        let fixture = Fixture(rules)
        try await fixture.move(to: Coordinate(latitude: 52.52, longitude: 13.0))
        #expect(await fixture.pendingLocation().map(\.entity.id) == (0..<20).map { String(format: "h%02d", $0) })

        try await fixture.move(to: Coordinate(latitude: 52.52, longitude: 13.29))
        #expect(await fixture.pendingLocation().map(\.entity.id) == (10..<30).map { String(format: "h%02d", $0) })

        // A route of five waypoints takes five of the twenty regions first.
        try await fixture.engine.startRoute(try RouteSession(
            id: "walk", name: "Walk", waypoints: (0..<5).map {
                Waypoint(id: "w\($0)", name: "W\($0)", coordinate: Coordinate(latitude: 10, longitude: Double($0)))
            }, proximityThreshold: 20))
        let report = await fixture.engine.reconcile(reason: .foreground)
        let regions = try #require(report.plan?.regions)
        #expect(regions.watched.count == 20)
        #expect(regions.watched.prefix(5).allSatisfy { $0.kind == .waypoint })
        #expect(await fixture.pendingLocation().map(\.entity.id) == (15..<30).map { String(format: "h%02d", $0) })
        #expect(regions.cut.count == 15)
    }

    @Test func aRegionThatIsNotOneIsRefused() {
        let error = #expect(throws: DeclarationError.self) {
            try ReminderRule(entity: Fixtures.habit("x"), id: "r", location: LocationTrigger(
                region: LocationRegion(identifier: "x", latitude: 0, longitude: 0, radius: 0)))
        }
        #expect(error?.code == .invalidRegion)
    }
}
