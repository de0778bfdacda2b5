import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Quiet hours through the engine and the simulated center: what falls inside is
/// delivered once, at their end, as one notification, which follows completions.
/// Berlin, Saturday 21 November 2026 (UTC+1), quiet from 22:00 to 07:00.
@Suite struct QuietHoursEngineTests {
    struct Fixture {
        let center: SimulatedNotificationCenter
        let store: InMemoryEngineStore
        let engine: Engine
    }

    func makeFixture() -> Fixture {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T20:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let quiet = try! QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))
        // Water at 23:00, stretch at 01:00, pills at 06:30: all inside the quiet hours; water
        // asks to be deferred past midnight (by default Saturday 23:00 would be dropped).
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]).deferringPastMidnight(),
                     Fixtures.dailyRule("stretch", at: ["01:00"]),
                     Fixtures.dailyRule("pills", at: ["06:30"])]
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: TestReminderSource(rules), store: store,
                            clock: clock, configuration: PlannerConfiguration(horizon: 86_400, quietHours: quiet),
                            categories: try! CategoryRegistry([.group]))
        return Fixture(center: center, store: store, engine: engine)
    }

    func makeMemberNames(_ request: NotificationRequest?) -> [String] {
        PayloadDecoder().decode(request?.content.userInfo ?? [:]).payload?.members.map(\.identifier.entity.id) ?? []
    }

    @Test func theGroupCategoryIsRegisteredWithTheAppsWhenThePlannerMakesGroups() async throws {
        // Given an engine with quiet hours and only the app's own "habit" category
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T20:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let habit = ReminderCategory(identifier: "habit", actions: [.complete("done", title: "Done")])
        let engine = Engine(center: center, source: TestReminderSource([]), clock: clock,
                            configuration: PlannerConfiguration(quietHours: try QuietHours(from: LocalTime(hour: 22),
                                                                                          to: LocalTime(hour: 7))),
                            categories: try CategoryRegistry([habit]))
        // When it launches
        await engine.launched()
        // Then the center has both categories, the group's with its "Done all" button
        let registered = await center.notificationCategories()
        #expect(Set(registered.map(\.identifier)) == ["habit", "herald.group"])
        #expect(registered.first { $0.identifier == "herald.group" }?.actions.map(\.title) == ["Done all"])
    }

    @Test func withoutQuietHoursOrGroupingOnlyTheAppsCategoriesAreRegistered() async throws {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T20:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let habit = ReminderCategory(identifier: "habit", actions: [.complete("done", title: "Done")])
        let engine = Engine(center: center, source: TestReminderSource([]), clock: clock,
                            categories: try CategoryRegistry([habit]))
        await engine.launched()
        #expect(await center.notificationCategories().map(\.identifier) == ["habit"])
    }

    @Test func threeDeferredOccurrencesComeAsOneDeliveryAtSeven() async throws {
        // Given the three habits and the app launched on Saturday at 20:00
        let fixture = makeFixture()
        await fixture.engine.launched()
        // When the night passes, the app closed, until Sunday 07:30
        await fixture.center.advance(to: Fixtures.date("2026-11-22T07:30"))
        // Then one notification was delivered, at Sunday 07:00, naming all three, badge 3
        let log = await fixture.center.deliveryLog.map(\.notification)
        #expect(log.count == 1)
        let delivered = try #require(log.first)
        #expect(delivered.date == Fixtures.date("2026-11-22T07:00"))
        #expect(delivered.request.identifier == "herald:group:quiet:20261122T0600")
        #expect(delivered.request.content.title == "3 habits due: water, stretch, pills")
        #expect(delivered.request.content.badge == 3)
        #expect(makeMemberNames(delivered.request) == ["water", "stretch", "pills"])
    }

    @Test func completingOneMemberUpdatesThePendingGroup() async throws {
        // Given the app launched on Saturday at 20:00, and Sunday 02:00 come
        let fixture = makeFixture()
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-22T02:00"))
        // When stretch is done for Sunday in the app
        try await fixture.engine.completed(Fixtures.habit("stretch"))
        // Then the pending group names water and pills only
        let pending = await fixture.center.pendingNotificationRequests().first { $0.identifier.hasPrefix("herald:group") }
        #expect(makeMemberNames(pending) == ["water", "pills"])
        #expect(pending?.content.title == "2 habits due: water, pills")
        // And at 07:00 it is what comes, with badge 2
        await fixture.center.advance(to: Fixtures.date("2026-11-22T07:30"))
        let log = await fixture.center.deliveryLog.map(\.notification)
        #expect(log.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(log.first?.request.content.badge == 2)
    }

    @Test func doneAllClearsTheGroupAndTheBadge() async throws {
        // Given the group delivered at 07:00
        let fixture = makeFixture()
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-22T07:30"))
        let delivered = try #require(await fixture.center.deliveredNotifications().first)
        // When the user chooses "Done all"
        let report = await fixture.engine.received(NotificationResponse(
            notification: delivered, actionIdentifier: ReminderCategory.doneAllActionIdentifier))
        // Then water is done for Saturday, stretch and pills for Sunday; the group is removed
        // from the list and the badge is 0
        let saturday = LocalDate(year: 2026, month: 11, day: 21), sunday = LocalDate(year: 2026, month: 11, day: 22)
        #expect(Set(fixture.store.load().completions.keys) == [
            EntityDay(Fixtures.habit("water"), saturday), EntityDay(Fixtures.habit("stretch"), sunday),
            EntityDay(Fixtures.habit("pills"), sunday)])
        #expect(report.plan?.appBadge == 0)
        #expect(await fixture.center.deliveredNotifications().isEmpty)
        #expect(await fixture.center.badgeCount == 0)
    }
}
