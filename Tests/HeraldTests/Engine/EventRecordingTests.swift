import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// ``Engine/handle(_:)`` and ``Engine/record(_:)`` take the same step as the engine's
/// methods: an event recorded while the app is not running is stored exactly as the
/// running engine stores it.
@Suite struct EventRecordingTests {
    /// A center that delivered water's 09:00 reminder and then had its clock set back to
    /// 08:00, with the engine that planned it.
    func clockSetBackAfterADelivery() async -> (engine: Engine, center: SimulatedNotificationCenter,
                                                 store: InMemoryEngineStore, clock: VirtualClock) {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])]),
                            store: store, clock: clock)
        await engine.launched()
        await center.advance(to: Fixtures.date("2026-11-21T09:05"))
        await center.jumpClock(to: Fixtures.date("2026-11-21T08:00"))
        return (engine, center, store, clock)
    }

    @Test func aDeletionRecordedWhileTheAppIsNotRunningMatchesTheRunningEngines() async throws {
        let water = Fixtures.habit("water")

        // The running engine deletes water
        let running = await clockSetBackAfterADelivery()
        try await running.engine.deleted([water])

        // Another process, with the app not running, records the same deletion
        let idle = await clockSetBackAfterADelivery()
        let offline = Engine(center: idle.center, source: TestReminderSource([]), store: idle.store, clock: idle.clock)
        let outcome = try await offline.record(.deleted([water]))

        // Both record it at the delivery (09:00, its due time; the clock went back to
        // 08:00 since), so the notification delivered before the deletion is covered by it
        let delivered = Fixtures.date("2026-11-21T09:00")
        #expect(outcome.changes == [.forget(water), .recordDeletion(water, at: delivered)])
        #expect(try running.store.load().deletions == [water: delivered])
        #expect(try idle.store.load().deletions == [water: delivered])
        // And the offline one planned nothing: the center still holds what it held
        #expect(await idle.center.deliveredNotifications().count == 1)
    }

    @Test func handleTakesAnEventValueAndFilesItsRunUnderIt() async throws {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])]),
                            clock: clock)
        await engine.launched()
        let water = Fixtures.habit("water")

        // Paused through the event value: nothing of it stays pending
        let paused = try await engine.handle(.paused(water))
        #expect(paused?.reasons == [.paused(water)])
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(try engine.store.load().paused == [water])

        // An event that asks for no run records and returns no report
        #expect(try await engine.handle(.routeNotifications(enabled: false)) == nil)
        #expect(try engine.store.load().routeNotificationsEnabled == false)

        // Resumed: today's 09:00 reminder is back
        try await engine.handle(.resumed(water))
        #expect(await center.pendingNotificationRequests().map(\.identifier)
            .contains(Fixtures.delivered("water", at: "2026-11-21T09:00").request.identifier))
    }
}
