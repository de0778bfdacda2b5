import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// `Engine.explain(entity:rule:at:)`: the story of one occurrence, checked against steps
/// worked out by hand from the rules, the budget and the times of the runs.
@Suite struct OccurrenceStoryEngineTests {
    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let engine: Engine
    }

    /// An engine at Saturday 2026-11-21 08:00 in Berlin over `rules`.
    func makeFixture(_ rules: [ReminderRule], configuration: PlannerConfiguration = PlannerConfiguration(),
                     history: OccurrenceHistory = OccurrenceHistory()) -> Fixture {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules)
        let engine = Engine(center: center, source: source, clock: clock, configuration: configuration, history: history)
        return Fixture(clock: clock, center: center, source: source, engine: engine)
    }

    func makeStory(_ fixture: Fixture, _ entity: String, _ local: String) async -> OccurrenceStory {
        await fixture.engine.explain(entity: Fixtures.habit(entity), rule: "r", at: LocalDateTime(parsing: local)!)
    }

    static let id = "herald:reminder:habit:water:r:"

    @Test func aDeliveredOccurrenceTellsItsPlanItsAdditionAndItsDelivery() async throws {
        // Given water at 09:00 daily, launched at 08:00
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        // When the clock passes 09:00 with no run since the launch
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:10"))
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")

        // Then: 08:00 the launch plans it (badge 1, the day's first) and adds it; 09:00
        // the system shows it (read from the delivered list when asked): delivered
        let launch = Fixtures.date("2026-11-21T08:00"), nine = Fixtures.date("2026-11-21T09:00")
        #expect(story.events.map(\.fact) == [
            .planned(identifier: Self.id + "20261121T0900", badge: 1, firesAt: nine),
            .added(identifier: Self.id + "20261121T0900"),
            .delivered(identifier: Self.id + "20261121T0900", held: nil),
        ])
        #expect(story.events.map(\.date) == [launch, launch, nine])
        #expect(story.events.first?.reasons == ["launch"])
        #expect(story.date == nine)
        #expect(story.verdict == .delivered)
        // And the identifier tells the same story
        let identifier = try #require(NotificationIdentifier(parsing: Self.id + "20261121T0900"))
        #expect(await fixture.engine.explain(identifier) == story)
    }

    @Test func aCutOccurrenceNamesTheRequestsThatHeldTheSlots() async {
        // Given a budget of 4 (64 less a reserve of 60) over 2 days, and 09:00, 10:00,
        // 11:00 daily: the launch keeps Sat 09:00, 10:00, 11:00 and Sun 09:00
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "10:00", "11:00"])],
                                  configuration: PlannerConfiguration(reserve: 60, horizon: 2 * 86_400))
        await fixture.engine.launched()

        // When Sunday 10:00 is explained at 08:00 Saturday
        let story = await makeStory(fixture, "water", "2026-11-22T10:00")

        // Then the launch cut it: 4 reminders held the slots, the latest Sat 11:00 and Sun 09:00
        #expect(story.events == [OccurrenceStory.Event(
            date: Fixtures.date("2026-11-21T08:00"),
            fact: .cut(held: 4, capacity: 64, latest: [Self.id + "20261121T1100", Self.id + "20261122T0900"]),
            reasons: ["launch"])])
        #expect(story.verdict == .cut)
    }

    @Test func aCompletionBeforeItsTimeSkipsItAndRemovesItsRequest() async throws {
        // Given water at 09:00 and 10:00, launched at 08:00
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "10:00"])])
        await fixture.engine.launched()
        // When the user completes water at 08:30 and the clock passes 10:00
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))
        try await fixture.engine.completed(Fixtures.habit("water"))
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:05"))
        let story = await makeStory(fixture, "water", "2026-11-21T10:00")

        // Then: planned (badge 2) and added at 08:00; at 08:30 skipped as done and removed
        let launch = Fixtures.date("2026-11-21T08:00"), done = Fixtures.date("2026-11-21T08:30")
        #expect(story.events.map(\.fact) == [
            .planned(identifier: Self.id + "20261121T1000", badge: 2, firesAt: Fixtures.date("2026-11-21T10:00")),
            .added(identifier: Self.id + "20261121T1000"),
            .skipped(.satisfied),
            .removed(identifier: Self.id + "20261121T1000"),
        ])
        #expect(story.events.map(\.date) == [launch, launch, done, done])
        #expect(story.verdict == .skipped)
    }

    @Test func pausingAndDeletingTakeItOutOfThePlan() async throws {
        // Given water and walk at 09:00, launched at 08:00
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"]), Fixtures.dailyRule("walk", at: ["09:00"])])
        await fixture.engine.launched()
        // When water is paused at 08:20, and walk deleted at 08:30 (the app drops its rule)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:20"))
        try await fixture.engine.paused(Fixtures.habit("water"))
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))
        fixture.source.set([Fixtures.dailyRule("water", at: ["09:00"])])
        try await fixture.engine.deleted([Fixtures.habit("walk")])
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:10"))

        // Then water's 09:00 was planned, then not planned as paused at 08:20 (and by
        // the 08:30 run) and removed
        let paused = await makeStory(fixture, "water", "2026-11-21T09:00")
        #expect(paused.events.map(\.fact) == [
            .planned(identifier: Self.id + "20261121T0900", badge: 1, firesAt: Fixtures.date("2026-11-21T09:00")),
            .added(identifier: Self.id + "20261121T0900"),
            .paused,
            .removed(identifier: Self.id + "20261121T0900"),
        ])
        #expect(paused.events[2].date == Fixtures.date("2026-11-21T08:20"))
        #expect(paused.events[2].reasons == ["paused habit/water"])
        #expect(paused.events[2].until == Fixtures.date("2026-11-21T08:30"))
        #expect(paused.verdict == .skipped)
        // And walk's was deleted at 08:30, and its request removed
        let walk = "herald:reminder:habit:walk:r:20261121T0900"
        let deleted = await makeStory(fixture, "walk", "2026-11-21T09:00")
        #expect(deleted.events.map(\.fact).suffix(2) == [.deleted, .removed(identifier: walk)])
        #expect(deleted.events.suffix(2).map(\.date) == [Fixtures.date("2026-11-21T08:30"), Fixtures.date("2026-11-21T08:30")])
        #expect(deleted.verdict == .skipped)
    }

    @Test func anExcludedDateOrATimeOutsideTheRuleIsSkipped() async throws {
        // Given a daily 09:00 rule that excludes Sunday 22 November
        let schedule = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY\nEXDATE:20261122T090000")
        let rule = try ReminderRule(entity: Fixtures.habit("water"), id: "r", schedule: schedule)
        let fixture = makeFixture([rule])
        await fixture.engine.launched()
        // Then no plan had Sunday 09:00, and the story says why
        let story = await makeStory(fixture, "water", "2026-11-22T09:00")
        #expect(story.events.map(\.fact) == [.excluded])
        #expect(story.verdict == .skipped)
        // And 09:05 is no occurrence of it at all
        let between = await makeStory(fixture, "water", "2026-11-22T09:05")
        #expect(between.events.map(\.fact) == [.notAnOccurrence])
        #expect(between.verdict == .skipped)
    }

    @Test func notificationsTurnedOffBeforeItsTimeLeaveItNotDelivered() async {
        // Given water at 09:00, planned at the 08:00 launch
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        // When the user turns notifications off at 08:20, the app comes back at 08:30
        // (a run that leaves the center alone), and the clock passes 09:00
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:20"))
        await fixture.center.setAuthorizationStatus(.denied)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))
        await fixture.engine.becameActive()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:10"))
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")

        // Then the 08:30 run found them off, and at 09:00 it was not delivered for that
        #expect(story.events.map(\.fact) == [
            .planned(identifier: Self.id + "20261121T0900", badge: 1, firesAt: Fixtures.date("2026-11-21T09:00")),
            .added(identifier: Self.id + "20261121T0900"),
            .notificationsOff,
            .notDelivered(.notificationsOff),
        ])
        #expect(story.events[2].date == Fixtures.date("2026-11-21T08:30"))
        #expect(story.events[3].date == Fixtures.date("2026-11-21T09:00"))
        #expect(story.verdict == .notDelivered)
    }

    @Test func anOccurrenceBeforeTheFirstPlanWasNeverPlanned() async {
        // Given water at 07:00, launched at 08:00: no plan ever had Saturday 07:00
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["07:00"])])
        await fixture.engine.launched()
        let story = await makeStory(fixture, "water", "2026-11-21T07:00")
        #expect(story.events.isEmpty)
        #expect(story.verdict == .neverPlanned)
        // And Sunday 07:00, planned and not due yet, is pending
        #expect(await makeStory(fixture, "water", "2026-11-22T07:00").verdict == .pending)
    }

    @Test func theUsersAnswerIsPartOfTheStory() async throws {
        // Given water at 09:00, delivered, and the user opening it at 09:05
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:05"))
        let delivered = try #require(await fixture.center.deliveredNotifications().first)
        await fixture.engine.received(NotificationResponse(notification: delivered,
                                                           actionIdentifier: NotificationResponse.defaultActionIdentifier))
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")

        // Then after its delivery at 09:00 comes the answer at 09:05, recorded once
        let answers = story.events.filter { $0.fact == .responded(identifier: Self.id + "20261121T0900", action: "open") }
        #expect(answers.map(\.date) == [Fixtures.date("2026-11-21T09:05")])
        #expect(story.events.filter { $0.fact == .delivered(identifier: Self.id + "20261121T0900", held: nil) }.count == 1)
        #expect(story.verdict == .delivered)
    }

    @Test func plansThatDecideTheSameRecordNothingMore() async {
        // Given water at 09:00, planned at the 08:00 launch, and five more runs at 08:10
        // that plan it the same (same badge, same instant)
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:10"))
        for _ in 0..<5 { await fixture.engine.reconcile(because: "test") }

        // Then its story is still the launch's plan and addition; the history holds six runs
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")
        #expect(story.events.map(\.fact.kind) == ["planned", "added"])
        #expect(fixture.engine.history.runCount == 6)
    }

    @Test func aRequestTheCenterLostIsAddedAgainAndSaysSo() async {
        // Given water at 09:00, added at the 08:00 launch
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        // When the request goes from the center behind Herald's back (as the system
        // drops one above 64) and the app runs at 08:30
        await fixture.center.removePendingNotificationRequests(withIdentifiers: [Self.id + "20261121T0900"])
        await fixture.center.advance(to: Fixtures.date("2026-11-21T08:30"))
        await fixture.engine.reconcile(because: "test")

        // Then the 08:30 reconcile added it again, saying the center had lost it
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")
        #expect(story.events.map(\.fact).suffix(1) == [.readded(identifier: Self.id + "20261121T0900")])
        #expect(story.events.last?.date == Fixtures.date("2026-11-21T08:30"))
    }

    @Test func theHistoryKeepsItsDaysAndNoMore() async {
        // Given a history of 1 day, and runs at Saturday 08:00 (launch), then at
        // midnight on Sunday and on Monday (day changes)
        let history = OccurrenceHistory(days: 1)
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])], history: history)
        await fixture.engine.launched()
        for day in ["2026-11-22T00:00", "2026-11-23T00:00"] {
            await fixture.center.advance(to: Fixtures.date(day))
            await fixture.engine.timeChanged(.dayChanged)
        }

        // Then Monday's run drops what is older than Sunday 00:00: two runs are left,
        // and Saturday 09:00's story no longer has its plan
        #expect(history.runCount == 2)
        let story = await makeStory(fixture, "water", "2026-11-21T09:00")
        #expect(!story.events.contains { $0.fact.isPlanDecision })
        // But Friday 4 December's 09:00, planned by the launch and pending since, keeps its plan
        let pending = await makeStory(fixture, "water", "2026-12-04T09:00")
        #expect(pending.events.first?.fact.kind == "planned")
        #expect(pending.events.first?.date == Fixtures.date("2026-11-21T08:00"))
        #expect(pending.verdict == .pending)
        #expect(OccurrenceHistory.defaultDays == 7)
    }
}
