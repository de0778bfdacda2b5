import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// The engine with repeating requests, played in the simulated center (which matches
/// repeating calendar triggers with Foundation's calendar): installed once, delivered
/// every day under one identifier, read as the day's occurrence by the fired log,
/// responses and completion, and taken back when the entity is done, paused or deleted.
/// Berlin, from Saturday 2026-11-21 at 08:00; expected instants are worked out by hand.
@Suite struct RepeatingTriggerEngineTests {
    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let engine: Engine
        let responder = RecordingResponder()
    }

    static let category = ReminderCategory(
        identifier: "habit.reminder",
        actions: [.complete("done", title: "Done"), .snooze("snooze-5", title: "Snooze 5 min", for: 300)])

    static func rule(_ entity: String, at times: [String] = ["09:00", "21:00"]) -> ReminderRule {
        try! ReminderRule(entity: Fixtures.habit(entity), id: "r", schedule: .daily(at: Fixtures.times(times)),
                          countsTowardBadge: false, fixedContent: true)
    }

    func makeFixture(_ rules: [ReminderRule], configuration: PlannerConfiguration = PlannerConfiguration()) async -> Fixture {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules, categoryIdentifier: Self.category.identifier)
        let engine = Engine(center: center, source: source, clock: clock, configuration: configuration,
                            categories: try! CategoryRegistry([Self.category]))
        let fixture = Fixture(clock: clock, center: center, engine: engine)
        await engine.launched()
        await engine.ready(fixture.responder)
        return fixture
    }

    func pending(_ fixture: Fixture) async -> [String] {
        await fixture.center.pendingNotificationRequests().map(\.identifier).sorted()
    }

    func occurrence(_ entity: String, _ text: String) -> NotificationIdentifier {
        NotificationIdentifier(entity: Fixtures.habit(entity), rule: "r",
                               occurrence: OccurrenceKey(LocalDateTime(parsing: text)!), kind: .reminder)
    }

    @Test func repeatingRequestsFireEveryDayWithNoRePlanAndTheFiredLogHasEachOccurrence() async throws {
        let fixture = await makeFixture([Self.rule("water")])
        #expect(await pending(fixture) == ["herald:reminder:habit:water:r:every-0900",
                                           "herald:reminder:habit:water:r:every-2100"])

        // Three days with the app never running.
        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-24T08:00"))
        #expect(delivered.map(\.date) == ["21T09:00", "21T21:00", "22T09:00", "22T21:00", "23T09:00", "23T21:00"]
            .map { Fixtures.date("2026-11-\($0)") })
        // The center keeps one delivered notification per identifier: the latest.
        #expect(await fixture.center.deliveredNotifications().map(\.date)
            == [Fixtures.date("2026-11-23T09:00"), Fixtures.date("2026-11-23T21:00")])

        // The next run logs the occurrences it can still see and keeps the requests.
        let report = await fixture.engine.reconcile(reason: .foreground)
        #expect(report.outcome.touched == 0)
        let fired = try fixture.engine.store.load().fired.values.map(\.identifier)
        #expect(Set(fired) == [occurrence("water", "2026-11-23T09:00"), occurrence("water", "2026-11-23T21:00")])
        #expect(await pending(fixture).count == 2)
    }

    @Test func completingTheDayTakesTheRepeatingRequestsBackUntilTheDayIsOver() async throws {
        let fixture = await makeFixture([Self.rule("water")])
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:30"))

        let report = try await fixture.engine.completed(Fixtures.habit("water"))
        // Today's 21:00 must not fire: one-shots from tomorrow, and the delivered one goes.
        #expect(await fixture.center.deliveredNotifications().isEmpty)
        let identifiers = await pending(fixture)
        #expect(!identifiers.contains { $0.contains("every-") })
        #expect(identifiers.first == occurrence("water", "2026-11-22T09:00").description)
        #expect(report.plan?.refreshDeadline == Fixtures.date("2026-11-21T21:00"))

        #expect(await fixture.center.advance(to: Fixtures.date("2026-11-21T21:00")).isEmpty)
        // A re-plan once today's last occurrence has passed goes back to repeating.
        await fixture.engine.reconcile(reason: .backgroundRefresh)
        #expect(await pending(fixture) == ["herald:reminder:habit:water:r:every-0900",
                                           "herald:reminder:habit:water:r:every-2100"])
        let next = await fixture.center.advance(to: Fixtures.date("2026-11-22T10:00"))
        #expect(next.map(\.date) == [Fixtures.date("2026-11-22T09:00")])
    }

    @Test func doneOnTheNotificationCompletesTheDayItWasDeliveredOn() async throws {
        let fixture = await makeFixture([Self.rule("water")])
        await fixture.center.advance(to: Fixtures.date("2026-11-22T09:05"))
        let notification = try #require(await fixture.center.deliveredNotifications().last)
        #expect(notification.request.identifier == "herald:reminder:habit:water:r:every-0900")

        await fixture.engine.received(NotificationResponse(notification: notification, actionIdentifier: "done"))

        #expect(fixture.responder.routes.last?.effect == .completed(LocalDate(year: 2026, month: 11, day: 22)))
        #expect(fixture.responder.routes.last?.payload?.entity == Fixtures.habit("water"))
        // The day's delivery goes; yesterday's 21:00 still asks.
        #expect(await fixture.center.deliveredNotifications().map(\.date) == [Fixtures.date("2026-11-21T21:00")])
        #expect(!(await pending(fixture)).contains { $0.contains("every-") })
    }

    @Test func snoozingARepeatingDeliverySnoozesThatDaysOccurrence() async throws {
        let fixture = await makeFixture([Self.rule("water")])
        await fixture.center.advance(to: Fixtures.date("2026-11-22T09:01"))
        let notification = try #require(await fixture.center.deliveredNotifications().last)

        await fixture.engine.received(NotificationResponse(notification: notification, actionIdentifier: "snooze-5"))

        let snooze = NotificationIdentifier(entity: Fixtures.habit("water"), rule: "r",
                                            occurrence: OccurrenceKey(LocalDateTime(parsing: "2026-11-22T09:00")!),
                                            kind: .snooze)
        #expect(await pending(fixture).contains(snooze.description))
        // The snoozed delivery no longer asks (yesterday's 21:00 still does); the
        // repeating requests stay, as every later match is still due.
        #expect(await fixture.center.deliveredNotifications().map(\.date) == [Fixtures.date("2026-11-21T21:00")])
        #expect(await pending(fixture).filter { $0.contains("every-") }.count == 2)
        let back = await fixture.center.advance(to: Fixtures.date("2026-11-22T09:10"))
        #expect(back.map(\.request.identifier) == [snooze.description])
        #expect(back.map(\.date) == [Fixtures.date("2026-11-22T09:06")])
    }

    @Test func pausingOrDeletingTakesTheRepeatingRequestsAndTheirDeliveredOnesAway() async throws {
        let fixture = await makeFixture([Self.rule("water"), Self.rule("walk", at: ["10:00"])])
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:30"))
        #expect(await fixture.center.deliveredNotifications().count == 2)

        try await fixture.engine.paused(Fixtures.habit("water"))
        #expect(await pending(fixture) == ["herald:reminder:habit:walk:r:every-1000"])
        #expect(await fixture.center.deliveredNotifications().map(\.request.identifier)
            == ["herald:reminder:habit:walk:r:every-1000"])

        try await fixture.engine.deleted([Fixtures.habit("walk")])
        #expect(await fixture.center.deliveredNotifications().isEmpty)
    }

    @Test func eachRepeatingRequestTakesOneSlotOfTheBudget() async {
        // 27 habits × 2 times = 54 repeating requests: the whole reminders' budget.
        let fixture = await makeFixture((0..<27).map { Self.rule("h\($0)") })
        #expect(await fixture.center.pendingNotificationRequests().count == 54)
        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-28T08:00"))
        #expect(delivered.count == 27 * 2 * 7)
    }

    @Test func droppedBadgesCountTowardNoBadgeSoTheOthersStayExact() async throws {
        // "water" counts toward the badge but repeats without one; "read" keeps one-shots.
        // With 10 slots, repeating "water" covers 9 days of "read" instead of 5 of both.
        var water = Self.rule("water", at: ["09:00"])
        water.countsTowardBadge = true
        let read = try ReminderRule(entity: Fixtures.habit("read"), id: "r", schedule: .daily(at: Fixtures.times(["10:00"])))
        let fixture = await makeFixture([water, read], configuration: PlannerConfiguration(reserve: 54, repeatingTriggers: .droppingBadges))
        #expect(await pending(fixture).contains("herald:reminder:habit:water:r:every-0900"))

        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-21T10:30"))
        #expect(delivered.map(\.request.content.badge) == [nil, 1])
        await fixture.engine.reconcile(reason: .foreground)
        #expect(await fixture.center.badgeCount == 1)
    }
}
