import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// One regression test per broken promise of the engine: each failed before the engine
/// became the only writer of the center with one budget and one definition of a day.
@Suite struct EngineDefectTests {
    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let store: InMemoryEngineStore
        let engine: Engine

        /// A new process: a new engine over the same system and store.
        func relaunched(configuration: PlannerConfiguration = PlannerConfiguration()) -> Engine {
            Engine(center: center, source: source, store: store, clock: clock, configuration: configuration,
                   categories: try! CategoryRegistry([EngineDefectTests.category]))
        }
    }

    static let category = ReminderCategory(
        identifier: "habit.reminder",
        actions: [.complete("done", title: "Done"), .snooze("snooze-10h", title: "Snooze 10 h", for: 36_000),
                  .snooze("snooze-5", title: "Snooze 5 min", for: 300)])

    func makeFixture(_ rules: [ReminderRule], at start: String = "2026-11-21T07:00", zone: TimeZone = Fixtures.berlin,
                     configuration: PlannerConfiguration = PlannerConfiguration()) -> Fixture {
        let clock = VirtualClock(now: Fixtures.date(start, in: zone), timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules, categoryIdentifier: Self.category.identifier)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: source, store: store, clock: clock, configuration: configuration,
                            categories: try! CategoryRegistry([Self.category]))
        return Fixture(clock: clock, center: center, source: source, store: store, engine: engine)
    }

    func respond(_ fixture: Fixture, _ engine: Engine? = nil, to identifier: String, with action: String) async
        -> ReconcileReport {
        let notification = await fixture.center.deliveredNotifications().last { $0.request.identifier == identifier }!
        return await (engine ?? fixture.engine).received(NotificationResponse(notification: notification, actionIdentifier: action))
    }

    func identifier(_ entity: String, _ local: String, kind: NotificationKind = .reminder, rule: String = "r") -> String {
        NotificationIdentifier(entity: Fixtures.habit(entity), rule: rule,
                               occurrence: OccurrenceKey(LocalDateTime(parsing: local)!), kind: kind).description
    }

    // MARK: 1. One budget for the whole center

    @Test func twentyLongSnoozesNeverOverflowTheCenter() async {
        // Given 40 habits reminded at 08:00 and 20:00 (the budget of 54 full)
        let habits = (0..<40).map { "h\($0)" }
        let fixture = makeFixture(habits.map { Fixtures.dailyRule($0, at: ["08:00", "20:00"]) })
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))

        // When 20 of the morning reminders are snoozed for 10 hours
        var last: ReconcileReport?
        for habit in habits.prefix(20) {
            last = await respond(fixture, to: identifier(habit, "2026-11-21T08:00"), with: "snooze-10h")
            #expect(await fixture.center.pendingNotificationRequests().count <= 64)
        }

        // Then the center holds exactly 64: 20 snoozes and 44 reminders; the 10 latest
        // reminders are displaced, none dropped by the system
        let pending = await fixture.center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        #expect(pending.count { $0.kind == .snooze } == 20)
        #expect(pending.count { $0.kind == .reminder } == 44)
        #expect(await fixture.center.droppedRequests.isEmpty)
        let displaced = last?.plan?.displaced.map(\.identifier.occurrence.rawValue) ?? []
        #expect(displaced == Array(repeating: "20261122T0800", count: 10))
        #expect(last?.plan?.cuts().prefix(10).allSatisfy { $0.reason == .displaced } == true)

        // And every evening reminder and every snooze arrives
        let evening = await fixture.center.advance(to: Fixtures.date("2026-11-21T20:30"))
        #expect(evening.count { $0.request.heraldIdentifier?.kind == .snooze } == 20)
        #expect(evening.count { $0.request.heraldIdentifier?.occurrence.rawValue == "20261121T2000" } == 40)
        // And once the snoozes have fired, a re-plan gives the displaced reminders back
        let after = await fixture.engine.becameActive()
        #expect(after.plan?.displaced.isEmpty == true)
        #expect(after.plan?.reminders.count == 54)
    }

    @Test func withNoReserveASnoozeDisplacesTheLatestReminder() async {
        let fixture = makeFixture((0..<5).map { Fixtures.dailyRule("h\($0)", at: ["08:00"]) },
                                  configuration: PlannerConfiguration(capacity: 64, reserve: 0))
        await fixture.engine.launched()
        #expect(await fixture.center.pendingNotificationRequests().count == 64)  // 5 × 14 days, cut at 64
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:01"))
        let report = await respond(fixture, to: identifier("h0", "2026-11-21T08:00"), with: "snooze-5")
        #expect(await fixture.center.pendingNotificationRequests().count == 64)
        #expect(await fixture.center.droppedRequests.isEmpty)
        #expect(report.plan?.snoozes.count == 1)
        #expect(report.plan?.displaced.count == 1)
    }

    @Test func requestsThatAreNotHeraldsTakeTheirSlots() async throws {
        let fixture = makeFixture((0..<10).map { Fixtures.dailyRule("h\($0)", at: ["08:00", "20:00"]) })
        for index in 0..<5 {
            try await fixture.center.add(NotificationRequest(
                identifier: "push-sdk-\(index)", content: NotificationContent(title: "Sale"),
                trigger: .timeInterval(30 * 86_400, repeats: false)))
        }
        let report = await fixture.engine.launched()
        // 64 − 5 foreign − 10 reserve
        #expect(report.plan?.reminders.count == 49)
        #expect(await fixture.center.pendingNotificationRequests().count == 54)
    }

    @Test func postedEventsFollowSnoozesInTheReserveAndAreRefusedWhenItIsFull() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["08:00"])],
                                  configuration: PlannerConfiguration(reserve: 2))
        await fixture.engine.launched()
        func event(_ token: String) throws -> ImmediateEvent {
            try ImmediateEvent(entity: EntityReference(namespace: "game", id: "wordle"), name: "imported", token: token,
                               content: NotificationContent(title: "Result imported", badge: 9), delay: 3_600)
        }
        try await fixture.engine.post(event("1"))
        try await fixture.engine.post(event("2"))
        await #expect(throws: EngineError.self) { try await fixture.engine.post(event("3")) }
        let events = await fixture.center.pendingNotificationRequests().filter { $0.heraldIdentifier?.kind == .event }
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0.content.badge == nil })
        // Posting the same token again replaces it rather than taking another slot.
        try await fixture.engine.post(event("2"))
        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))
        #expect(delivered.count { $0.request.heraldIdentifier?.kind == .event } == 2)
        // Once delivered, an event is never scheduled again.
        let report = await fixture.engine.becameActive()
        #expect(report.plan?.events.isEmpty == true)
    }

    @Test func twoConcurrentPostsCannotBothTakeTheLastSlot() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["08:00"])],
                                  configuration: PlannerConfiguration(reserve: 1))
        await fixture.engine.launched()
        let results = await withTaskGroup(of: Bool.self) { group in
            for token in ["a", "b"] {
                group.addTask {
                    let event = try! ImmediateEvent(entity: EntityReference(namespace: "game", id: token), name: "won",
                                                    token: token, content: NotificationContent(title: "Won"), delay: 600)
                    return (try? await fixture.engine.post(event)) != nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count { $0 } == 1 && results.count == 2)
        #expect(await fixture.center.pendingNotificationRequests().count { $0.heraldIdentifier?.kind == .event } == 1)
    }

    @Test func aDelayedEventKeepsItsInstantHoweverOftenItIsPlanned() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["08:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(by: 0.25)
        try await fixture.engine.post(try ImmediateEvent(
            entity: EntityReference(namespace: "game", id: "chess"), name: "move", token: "1",
            content: NotificationContent(title: "Your move"), delay: 90))
        // 07:00:00.25 + 90 s, on the next whole second, in UTC
        let event = await fixture.center.pendingNotificationRequests().first { $0.heraldIdentifier?.kind == .event }
        #expect(event?.trigger == .calendar(CalendarTrigger(
            at: LocalDateTime(parsing: "2026-11-21T06:01:31")!, timeZone: TimeZone(identifier: "UTC"))))
        await fixture.center.advance(by: 30)
        let again = await fixture.engine.becameActive()
        #expect(again.outcome.touched == 0)
        let delivered = await fixture.center.advance(by: 120)
        #expect(delivered.map(\.date) == [Fixtures.date("2026-11-21T07:01:31")])
    }

    // MARK: 2. One definition of an occurrence's day

    @Test func doneOnAPinnedRuleCountsForTheDayTheUserSawIt() async throws {
        // Given 08:00 in Tokyo, on a phone in New York: 18:00 the evening before
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!, newYork = TimeZone(identifier: "America/New_York")!
        let rule = try ReminderRule(entity: Fixtures.habit("pill"), id: "r",
                                    schedule: try .daily(at: [LocalTime(hour: 8)], timeZone: tokyo))
        let fixture = makeFixture([rule], at: "2026-11-21T12:00", zone: newYork)
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T18:05", in: newYork))

        // When the user taps Done on the 11-22 (Tokyo) occurrence
        let report = await respond(fixture, to: identifier("pill", "2026-11-22T08:00"), with: "done")

        // Then it counts for 11-21 in New York, and tomorrow evening's reminder stays
        #expect(fixture.store.load().completions.keys.map(\.day) == [LocalDate(year: 2026, month: 11, day: 21)])
        #expect(report.plan?.reminders.first?.identifier.occurrence.rawValue == "20261123T0800")
        let next = await fixture.center.advance(to: Fixtures.date("2026-11-22T18:05", in: newYork))
        #expect(next.map(\.request.identifier) == [identifier("pill", "2026-11-23T08:00")])
    }

    // MARK: 3. Nothing that fired fires again

    @Test func aSnoozeThatFiredDoesNotFireAgainAfterTheClockGoesBack() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:01"))
        _ = await respond(fixture, to: identifier("water", "2026-11-21T09:00"), with: "snooze-5")
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:10"))
        await fixture.engine.becameActive()

        await fixture.center.jumpClock(to: Fixtures.date("2026-11-21T08:30"))
        await fixture.engine.timeChanged(.clockChanged)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:00"))

        let snoozes = await fixture.center.deliveryLog.filter { $0.notification.request.heraldIdentifier?.kind == .snooze }
        #expect(snoozes.count == 1)
    }

    @Test func aFollowUpThatFiredDoesNotFireAgainAfterTheClockGoesBack() async throws {
        let rule = try ReminderRule(entity: Fixtures.habit("water"), id: "r", schedule: try .daily(at: [LocalTime(hour: 9)]),
                                    followUpAfter: 1_800)
        let fixture = makeFixture([rule])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:45"))
        await fixture.engine.becameActive()

        await fixture.center.jumpClock(to: Fixtures.date("2026-11-21T09:10"))
        let report = await fixture.engine.timeChanged(.clockChanged)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:30"))

        // Only tomorrow's planned reminders get one.
        #expect(report.plan?.followUps.map(\.identifier.occurrence.rawValue) == ["20261122T0900", "20261123T0900", "20261124T0900"])
        let followUps = await fixture.center.deliveryLog.filter { $0.notification.request.heraldIdentifier?.kind == .followUp }
        #expect(followUps.count == 1)
    }

    // MARK: 4. Follow-ups survive a re-plan for something else

    @Test func aFollowUpSurvivesAReplanForAnotherEntity() async throws {
        let water = try ReminderRule(entity: Fixtures.habit("water"), id: "r", schedule: try .daily(at: [LocalTime(hour: 9)]),
                                     followUpAfter: 1_800)
        let fixture = makeFixture([water, Fixtures.dailyRule("walk", at: ["18:00"])])
        await fixture.engine.launched()
        // Delivered in the background: the engine is not told.
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:05"))

        // When the app re-plans because another entity was completed
        try await fixture.engine.completed(Fixtures.habit("walk"))

        // Then water's follow-up is still pending and arrives
        let pending = await fixture.center.pendingNotificationRequests().map(\.identifier)
        #expect(pending.contains(identifier("water", "2026-11-21T09:00", kind: .followUp)))
        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-21T09:31"))
        #expect(delivered.map(\.request.identifier) == [identifier("water", "2026-11-21T09:00", kind: .followUp)])
    }

    // MARK: 5. Events of an entity paused or deleted while the app was not running

    @Test(arguments: [true, false])
    func postedNotificationsOfAnEntityGoneWhileNotRunningAreRemovedAtLaunch(deleted: Bool) async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        let streak = Fixtures.habit("water")
        try await fixture.engine.post(try ImmediateEvent(entity: streak, name: "streak", token: "7",
                                                         content: NotificationContent(title: "7 days!")))
        await fixture.center.advance(by: 60)
        #expect(await fixture.center.deliveredNotifications().count == 1)

        // While the app is not running, a sync pauses or deletes the entity
        fixture.source.set([])
        if deleted {
            try fixture.store.commit([.forget(streak), .recordDeletion(streak, at: fixture.clock.now)])
        } else {
            fixture.store.commit([.pause(streak)])
        }
        await fixture.center.advance(by: 3_600)
        await fixture.relaunched().launched()

        #expect(await fixture.center.deliveredNotifications().isEmpty)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
    }

    @Test func anEntityCreatedAgainAfterADeletionKeepsItsNewNotifications() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        try await fixture.engine.deleted([Fixtures.habit("water")])
        fixture.source.set([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.entityChanged(Fixtures.habit("water"))
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:05"))
        await fixture.engine.becameActive()
        #expect(await fixture.center.deliveredNotifications().map(\.request.identifier)
                == [identifier("water", "2026-11-21T09:00")])
    }

    // MARK: 7. Built-in actions take effect without the app's interface

    @Test func aSnoozeFromTheLockScreenIsScheduledBeforeTheAppIsReady() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:01"))

        // The app never says it is ready (a background launch)
        let report = await respond(fixture, to: identifier("water", "2026-11-21T09:00"), with: "snooze-5")

        #expect(report.plan?.snoozes.map(\.date) == [Fixtures.date("2026-11-21T09:06")])
        let delivered = await fixture.center.advance(to: Fixtures.date("2026-11-21T09:07"))
        #expect(delivered.map(\.request.identifier) == [identifier("water", "2026-11-21T09:00", kind: .snooze)])
        #expect(await fixture.engine.isAppReady == false)
    }

    // MARK: 8. Converters by zone identifier

    @Test func theConverterOfTheCurrentZoneIsTheOneOfItsIdentifier() {
        let current = ZoneConverter.for(.autoupdatingCurrent)
        let fixed = ZoneConverter.for(TimeZone(identifier: TimeZone.current.identifier)!)
        #expect(current === fixed)
        #expect(current.zone.identifier == TimeZone.current.identifier)
    }

    // MARK: 9. Completions are kept by their day

    @Test func aDaySkippedInAdvanceStaysSkipped() async throws {
        // Given "skip Saturday" set on Wednesday
        let fixture = makeFixture([Fixtures.dailyRule("run", at: ["07:30"])], at: "2026-11-18T12:00")
        await fixture.engine.launched()
        try await fixture.engine.completed(Fixtures.habit("run"), on: LocalDate(year: 2026, month: 11, day: 21))

        // When Friday's re-plan comes
        await fixture.center.advance(to: Fixtures.date("2026-11-20T12:00"))
        let report = await fixture.engine.timeChanged(.dayChanged)

        // Then Saturday still has no reminder
        let days = report.plan?.reminders.prefix(3).map(\.identifier.occurrence.rawValue)
        #expect(days == ["20261122T0730", "20261123T0730", "20261124T0730"])
    }

    // MARK: 10. Identity and payload are checked where they are made

    @Test func contentThatCannotBeSentIsRefusedAndNotAddedAgainAndAgain() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        let source = NaNSource(rules: [Fixtures.dailyRule("water", at: ["09:00"])])
        let engine = Engine(center: fixture.center, source: source, clock: fixture.clock)
        let first = await engine.launched()
        let second = await engine.becameActive()
        #expect(first.outcome.added == 0)
        #expect(second.outcome.touched == 0)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
    }

    // MARK: 11. Every re-plan is reported, with its removals

    @Test func theReplanAfterAResponseCountsTheNotificationsItClears() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "12:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T12:05"))
        // Done on the noon reminder: the morning one, still in the list, goes too
        let report = await respond(fixture, to: identifier("water", "2026-11-21T12:00"), with: "done")
        #expect(report.reasons.map(\.description) == ["response \(identifier("water", "2026-11-21T12:00"))"])
        #expect(report.outcome.removedDelivered == 2)
        #expect(await fixture.center.deliveredNotifications().isEmpty)
    }

    // MARK: The state changing while a run waits for the app

    @Test func aPauseWhileARunWaitsForContentIsNeverAdded() async throws {
        let water = Fixtures.dailyRule("water", at: ["09:00"]), walk = Fixtures.dailyRule("walk", at: ["10:00"])
        let fixture = makeFixture([water, walk])
        let source = GatedSource(rules: [water, walk], holding: water.id)
        let engine = Engine(center: fixture.center, source: source, store: fixture.store, clock: fixture.clock)

        // Given a run waiting inside the app's content provider
        let launch = Task { await engine.launched() }
        await source.waitUntilHolding()
        // When the user pauses walk meanwhile
        let pause = Task { try await engine.paused(walk.entity) }
        var spins = 0
        while !fixture.store.load().paused.contains(walk.entity), spins < 1_000_000 {
            await Task.yield()
            spins += 1
        }
        #expect(fixture.store.load().paused.contains(walk.entity))
        source.release()
        _ = await launch.value
        _ = try await pause.value

        // Then walk's reminders were never added, and water's are all there
        let added = await fixture.center.callCounts.adds
        #expect(added == 14)
        let pending = await fixture.center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        #expect(pending.count == 14)
        #expect(pending.allSatisfy { $0.entity == water.entity })
    }
}

/// A source whose content carries a number JSON cannot hold.
struct NaNSource: ReminderSource {
    let rules: [ReminderRule]
    func reminderRules() async throws -> [ReminderRule] { rules }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: "Water", userInfo: ["progress": .number(.nan)])
    }
}

/// A source whose first content call for one rule waits until the test releases it.
final class GatedSource: ReminderSource {
    private let rules: [ReminderRule]
    private let held: ReminderRule.ID
    private let state = Mutex<(holding: Bool, released: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, false, nil))

    init(rules: [ReminderRule], holding held: ReminderRule.ID) {
        self.rules = rules
        self.held = held
    }

    func reminderRules() async throws -> [ReminderRule] { rules }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        if reminder.rule.id == held {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    state.holding = true
                    if state.released { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        return NotificationContent(title: reminder.rule.entity.id)
    }

    /// Waits (yielding) until a content call is held.
    func waitUntilHolding() async {
        while !state.withLock({ $0.holding }) { await Task.yield() }
    }

    func release() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
