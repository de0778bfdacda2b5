import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Herald while the user has turned the app's notifications off: every run plans and
/// leaves the center alone (no add, no removal, no badge), nothing of Herald's own is
/// lost, and the first run after they come back reconciles the whole plan, badge
/// included. Under both readings of what the system shows a denied app
/// (``DeniedCenter``): the stricter `empty` (the default) and `kept`.
@Suite struct NotificationsOffTests {
    static let category = ReminderCategory(
        identifier: "habit.reminder", actions: [.snooze("snooze-5", title: "Snooze 5 min", for: 300)])

    /// Water at 09:00 and 20:00, walk at 18:00, in Berlin; launched at 2026-11-21 08:00.
    func launchedEngine(_ mode: DeniedCenter) async -> (SimulatedNotificationCenter, Engine) {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized, deniedCenter: mode)
        let source = TestReminderSource([Fixtures.dailyRule("water", at: ["09:00", "20:00"]),
                                         Fixtures.dailyRule("walk", at: ["18:00"])],
                                        categoryIdentifier: "habit.reminder")
        let engine = Engine(center: center, source: source, clock: clock,
                            categories: try! CategoryRegistry([Self.category]))
        await engine.launched()
        return (center, engine)
    }

    @Test(arguments: DeniedCenter.allCases)
    func whileOffNothingIsChurnedOrLostAndTheWholePlanComesBack(mode: DeniedCenter) async throws {
        let (center, engine) = await launchedEngine(mode)
        #expect(await center.pendingNotificationRequests().count == 42)   // 14 days × 3

        // Given water 09:00 delivered and snoozed to 09:35, and a tap on it waiting for the app
        await center.advance(to: Fixtures.date("2026-11-21T09:30"))
        let water = try #require(await center.deliveredNotifications().first)
        await engine.received(NotificationResponse(notification: water, actionIdentifier: "snooze-5"))
        await engine.received(NotificationResponse(notification: water,
                                                   actionIdentifier: NotificationResponse.defaultActionIdentifier))
        let before = try engine.store.load()
        #expect(before.snoozes.count == 1)
        #expect(before.queuedResponses.count == 2)     // both wait for the app
        #expect(before.fired.count == 1)

        // When the user turns notifications off at 09:32, and the app completes walk,
        // comes to the foreground and lives through midnight
        await center.setAuthorizationStatus(.denied)
        await center.resetCallCounts()
        await center.advance(to: Fixtures.date("2026-11-21T09:32"))
        var reports = [try await engine.completed(Fixtures.habit("walk"))]
        reports.append(await engine.becameActive())
        await center.advance(to: Fixtures.date("2026-11-22T00:00"))
        reports.append(await engine.timeChanged(.dayChanged))
        reports.append(await engine.backgroundRefresh())

        // Then every run planned and held, Herald called nothing that writes, and lost nothing
        #expect(reports.allSatisfy { $0.heldWhileNotificationsOff && $0.plan != nil && $0.outcome.touched == 0 })
        #expect(reports.allSatisfy { $0.badgeSet == nil })
        let calls = await center.callCounts
        #expect(calls.adds == 0 && calls.failedAdds == 0 && calls.pendingRemovalBatches == 0)
        #expect(calls.deliveredRemovalBatches == 0 && calls.badgeUpdates == 0 && calls.ignoredWhileDenied == 0)
        let during = try engine.store.load()
        #expect(during.snoozes == before.snoozes)
        #expect(during.queuedResponses == before.queuedResponses)
        #expect(Set(before.fired.keys).isSubset(of: Set(during.fired.keys)))
        #expect(during.completions.keys.contains { $0.entity == Fixtures.habit("walk") })

        // When they are turned back on and the app comes to the foreground at 08:00
        await center.advance(to: Fixtures.date("2026-11-22T08:00"))
        await center.setAuthorizationStatus(.authorized)
        let back = await engine.becameActive()

        // Then the center holds the whole plan: every occurrence from 2026-11-22 09:00
        // to the horizon's end (14 days from now), worked out by hand, and the badge is
        // what is outstanding today (nothing yet)
        #expect(!back.heldWhileNotificationsOff)
        var expected: Set<String> = []
        for offset in 0..<14 {
            let day = LocalDate(year: 2026, month: 11, day: 22).adding(days: offset)
            for (entity, hour) in [("water", 9), ("water", 20), ("walk", 18)] {
                expected.insert("\(entity) \(OccurrenceKey(LocalDateTime(date: day, time: LocalTime(hour: hour))))")
            }
        }
        let pending = await center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        #expect(Set(pending.map { "\($0.entity.id) \($0.occurrence)" }) == expected)
        #expect(pending.count == 42)
        #expect(back.badgeSet == 0)
        #expect(await center.badgeCount == 0)
    }

    @Test func aRunBeforeNotificationsAreTurnedOffIsNotHeld() async {
        let (_, engine) = await launchedEngine(.empty)
        let report = await engine.becameActive()
        #expect(!report.heldWhileNotificationsOff)
        #expect(report.outcome.unchanged == 42)
    }
}
