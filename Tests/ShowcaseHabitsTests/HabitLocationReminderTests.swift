import Foundation
import Herald
import HeraldSimulator
import ShowcaseHabits
import Testing

/// Seed 004's location items in the habit app: a habit reminded on arriving at the gym
/// is delivered, counted in the badge, removed when the habit is completed (through
/// the same identity match as its other notifications) and kept in the fired log.
@Suite struct HabitLocationReminderTests {
    static let gym = LocationRegion(identifier: "the gym", latitude: 52.5200, longitude: 13.4050, radius: 150)

    @Test func aLocationReminderDeliveredThenCompletedIsRemovedAndTrackedAsFired() async throws {
        // Given a habit with a morning reminder and a place, the device 1.1 km away
        let clock = VirtualClock(now: Seed004HabitTests.date("2026-11-21T08:00"), timeZone: Seed004HabitTests.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let store = InMemoryEngineStore()
        let habits = HabitReminderSource(clock: clock)
        let engine = Engine(center: center, source: habits, store: store, clock: clock)
        let app = HabitApp(habits: habits, host: AppHost(engine: engine))
        await app.save(Habit(id: "workout", name: "Workout", category: "Health",
                             reminderTimes: [LocalTime(hour: 18)], place: Self.gym))
        let away = Coordinate(latitude: 52.5300, longitude: 13.4050)
        await center.move(to: away)
        try await app.moved(to: away)
        let located = await center.pendingNotificationRequests().filter { $0.heraldIdentifier?.kind == .location }
        #expect(located.count == 1)

        // When the user arrives at the gym (delivered 20 s after the crossing)
        await center.move(to: Coordinate(latitude: 52.5200, longitude: 13.4050))
        await center.advance(by: 30)
        // Shown to the user; iOS does not list it for the app (the simulator's default)
        let shown = await center.notificationList()
        #expect(shown.map(\.request.content.body) == ["You're at the gym: time for workout"])
        #expect(await center.deliveredNotifications().isEmpty)
        #expect(await center.badgeCount == 1)

        // And completes the habit
        try await app.complete("workout")

        // Then the delivered location notification and today's evening reminder are
        // gone (tomorrow's stay), and the fired log has the location one: Herald found
        // its one-shot request gone from the pending list
        #expect(await center.notificationList().isEmpty)
        let pending = await center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        #expect(!pending.isEmpty && pending.allSatisfy { $0.kind == .reminder && !$0.occurrence.rawValue.hasPrefix("20261121") })
        #expect(await center.badgeCount == 0)
        #expect(try store.load().fired.values.map(\.identifier.kind) == [.location])
    }
}
