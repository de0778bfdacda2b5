import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// A reminder source whose rules tests can change, as an app's data would.
final class TestReminderSource: ReminderSource {
    private let rules: Mutex<[ReminderRule]>
    private let failingContent: Mutex<Set<ReminderRule.ID>> = Mutex([])
    private let categoryIdentifier: String
    private let title: Mutex<String?> = Mutex(nil)

    init(_ rules: [ReminderRule], categoryIdentifier: String = "") {
        self.rules = Mutex(rules)
        self.categoryIdentifier = categoryIdentifier
    }

    func set(_ newRules: [ReminderRule]) { rules.withLock { $0 = newRules } }
    /// Makes every reminder's title this text, as a source whose content depends on state.
    func setTitle(_ text: String?) { title.withLock { $0 = text } }
    func failContent(for id: ReminderRule.ID?) { failingContent.withLock { $0 = id.map { [$0] } ?? [] } }

    func reminderRules() async throws -> [ReminderRule] { rules.withLock { $0 } }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        if failingContent.withLock({ $0.contains(reminder.rule.id) }) { throw CancellationError() }
        return NotificationContent(title: title.withLock { $0 } ?? reminder.rule.entity.id, body: reminder.rule.ruleID,
                                   categoryIdentifier: categoryIdentifier)
    }
}

@Suite struct EngineTests {
    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let engine: Engine
    }

    func makeFixture(_ rules: [ReminderRule], at start: String = "2026-11-21T08:00",
                     configuration: PlannerConfiguration = PlannerConfiguration()) -> Fixture {
        let clock = VirtualClock(now: Fixtures.date(start), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules)
        let engine = Engine(center: center, source: source, clock: clock, configuration: configuration)
        return Fixture(clock: clock, center: center, source: source, engine: engine)
    }

    func pendingIdentifiers(_ center: SimulatedNotificationCenter) async -> [NotificationIdentifier] {
        await center.pendingNotificationRequests().compactMap(\.heraldIdentifier).sorted()
    }

    @Test func reconcilingTwiceTouchesNothing() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "15:00"])])
        let first = await fixture.engine.reconcile(reason: .launch)
        #expect(first.outcome.added == 28)
        let second = await fixture.engine.reconcile(reason: .foreground)
        #expect(second.outcome.touched == 0)
        #expect(second.outcome.unchanged == 28)
    }

    @Test func aFailedAddIsRetriedByTheNextReconcileWithoutDuplicates() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.center.failNextAdds(count: 2)
        let first = await fixture.engine.reconcile(reason: .launch)
        #expect(first.outcome.failedAdds.count == 2)
        #expect(await fixture.center.pendingNotificationRequests().count == 12)
        let second = await fixture.engine.reconcile(reason: .foreground)
        #expect(second.outcome.added == 2)
        let identifiers = await fixture.center.pendingNotificationRequests().map(\.identifier)
        #expect(identifiers.count == 14)
        #expect(Set(identifiers).count == 14)
    }

    @Test func requestsThatAreNotHeraldsAreNeverTouched() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        let foreign = NotificationRequest(identifier: "legacy-reminder", content: NotificationContent(title: "old"),
                                          trigger: .timeInterval(3600, repeats: false))
        try await fixture.center.add(foreign)
        await fixture.engine.reconcile(reason: .launch)
        #expect(await fixture.center.pendingNotificationRequests().count == 15)
        fixture.source.set([])
        try await fixture.engine.deleted([Fixtures.habit("water")])
        #expect(await fixture.center.pendingNotificationRequests().map(\.identifier) == ["legacy-reminder"])
    }

    @Test func completingStopsTodaysRemindersAndClearsTodaysDelivered() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "12:00", "15:00"])])
        await fixture.engine.reconcile(reason: .launch)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T12:30"))
        #expect(await fixture.center.deliveredNotifications().count == 2)
        #expect(await fixture.center.badgeCount == 2)

        try await fixture.engine.completed(Fixtures.habit("water"))

        #expect(await fixture.center.deliveredNotifications().isEmpty)
        #expect(await fixture.center.badgeCount == 0)
        let next = await fixture.center.pendingSchedule().compactMap(\.nextFireDate).min()
        #expect(next == Fixtures.date("2026-11-22T09:00"))
    }

    @Test func pausingAndDeletingLeaveNothingOfTheEntity() async throws {
        let fixture = makeFixture([
            Fixtures.dailyRule("water", at: ["09:00"]), Fixtures.dailyRule("run", at: ["10:00"]),
            Fixtures.dailyRule("read", at: ["11:00"]),
        ])
        await fixture.engine.reconcile(reason: .launch)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T11:30"))

        try await fixture.engine.paused(Fixtures.habit("water"))
        try await fixture.engine.deleted([Fixtures.habit("run"), Fixtures.habit("read")])
        fixture.source.set([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.reconcile(reason: .foreground)

        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        #expect(await fixture.center.deliveredNotifications().isEmpty)

        try await fixture.engine.resumed(Fixtures.habit("water"))
        #expect(await pendingIdentifiers(fixture.center).allSatisfy { $0.entity == Fixtures.habit("water") })
        #expect(await fixture.center.pendingNotificationRequests().count == 14)
    }

    @Test func anImportThatReplacesAllRemovesWhatIsGone() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("old", at: ["09:00"]), Fixtures.dailyRule("kept", at: ["10:00"])])
        await fixture.engine.reconcile(reason: .launch)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T10:30"))
        fixture.source.set([Fixtures.dailyRule("kept", at: ["10:00"]), Fixtures.dailyRule("new", at: ["12:00"])])

        try await fixture.engine.replacedAll(namespace: "habit", remaining: [Fixtures.habit("kept"), Fixtures.habit("new")])

        let entities = Set(await pendingIdentifiers(fixture.center).map(\.entity.id))
        #expect(entities == ["kept", "new"])
        #expect(await fixture.center.deliveredNotifications().compactMap(\.request.heraldIdentifier?.entity.id) == ["kept"])
    }

    @Test func contentFailureKeepsThePendingRequest() async {
        let rule = Fixtures.dailyRule("water", at: ["09:00"])
        let fixture = makeFixture([rule])
        await fixture.engine.reconcile(reason: .launch)
        fixture.source.failContent(for: rule.id)
        let report = await fixture.engine.reconcile(reason: .foreground)
        #expect(report.outcome.touched == 0)
        #expect(await fixture.center.pendingNotificationRequests().count == 14)
    }

    @Test func concurrentReconcileRequestsCoalesce() async {
        let fixture = makeFixture((0..<10).map { Fixtures.dailyRule("h\($0)", at: ["09:00"]) })
        await fixture.center.resetCallCounts()
        let reports = await withTaskGroup(of: ReconcileReport.self) { group in
            for index in 0..<20 { group.addTask { await fixture.engine.reconcile(reason: .other("burst \(index)")) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Every caller got a report that names its reason; at most two runs happened.
        #expect(Set(reports.flatMap(\.reasons)).count == 20)
        let runs = Set(reports.map { $0.reasons.map(\.description).sorted() })
        #expect(runs.count <= 2)
        #expect(await fixture.center.callCounts.adds == 54)
    }
}
