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
    private let level = Mutex(NotificationContent.InterruptionLevel.active)
    /// The interruption level of every content it gives.
    var contentLevel: NotificationContent.InterruptionLevel {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }

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
                                   categoryIdentifier: categoryIdentifier, interruptionLevel: contentLevel)
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

    /// Twenty callers at once, made deterministic: the first run is held inside the
    /// source (its `reminderRules()` waits on a gate) until the other nineteen callers
    /// have all entered `reconcile`; then one more run serves all nineteen.
    @Test(.timeLimit(.minutes(10)))
    func concurrentReconcileRequestsCoalesce() async {
        let fixture = makeFixture((0..<10).map { Fixtures.dailyRule("h\($0)", at: ["09:00"]) })
        let gate = ReminderRulesGate()
        let engine = Engine(center: fixture.center, source: GatedReminderSource(wrapping: fixture.source, gate: gate),
                            clock: fixture.clock)
        let entered = CallerCount()
        await fixture.center.resetCallCounts()
        let reports = await withTaskGroup(of: ReconcileReport.self) { group in
            // Given the first run, waiting inside the source with its one reason taken,
            group.addTask { await engine.reconcile(reason: .other("burst 0"), counting: entered) }
            await gate.waitForCalls(1)
            // when nineteen more callers have entered reconcile while it waits,
            for index in 1..<20 {
                group.addTask { await engine.reconcile(reason: .other("burst \(index)"), counting: entered) }
            }
            await entered.wait(until: 20)
            gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        // then exactly two runs happened: the first with its own reason, the second
        // with the other nineteen, and every caller got the report of the run that
        // served it.
        #expect(gate.calls == 2)
        let runs = Set(reports.map { $0.reasons.map(\.description).sorted() })
        let queued = (1..<20).map { "burst \($0)" }.sorted()
        #expect(runs == [["burst 0"], queued])
        #expect(reports.count { $0.reasons.map(\.description) == ["burst 0"] } == 1)
        #expect(reports.count { $0.reasons.map(\.description).sorted() == queued } == 19)
        // Ten daily rules from 08:00 fill the budget of 54 (64 minus a reserve of 10):
        // the first run adds them all, the second finds nothing to change.
        #expect(await fixture.center.callCounts.adds == 54)
        #expect(reports.first { $0.reasons.count == 19 }?.outcome.unchanged == 54)
    }
}

/// Holds every `reminderRules()` call until the test opens it, and counts the calls.
private final class ReminderRulesGate: Sendable {
    private struct State {
        var isOpen = false
        var calls = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var calls: Int { state.withLock { $0.calls } }

    /// Called by the source: counts the call, and waits while the gate is closed.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (reached, passes) = state.withLock { state in
                state.calls += 1
                let reached = state.callWaiters.filter { $0.count <= state.calls }.map(\.continuation)
                state.callWaiters.removeAll { $0.count <= state.calls }
                if !state.isOpen { state.held.append(continuation) }
                return (reached, state.isOpen)
            }
            reached.forEach { $0.resume() }
            if passes { continuation.resume() }
        }
    }

    /// Lets every held call and every later one through.
    func open() {
        let released = state.withLock { state in
            state.isOpen = true
            defer { state.held.removeAll() }
            return state.held
        }
        released.forEach { $0.resume() }
    }

    /// Returns once `reminderRules()` has been called `count` times.
    func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.calls >= count { return true }
                state.callWaiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}

/// A source whose rules are read through a ``ReminderRulesGate``.
private struct GatedReminderSource: ReminderSource {
    let wrapping: TestReminderSource
    let gate: ReminderRulesGate

    init(wrapping source: TestReminderSource, gate: ReminderRulesGate) {
        wrapping = source
        self.gate = gate
    }

    func reminderRules() async throws -> [ReminderRule] {
        await gate.pass()
        return try await wrapping.reminderRules()
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        try await wrapping.content(for: reminder)
    }
}

/// How many callers have entered the engine's `reconcile`, with a way to wait for a count.
private final class CallerCount: Sendable {
    private let state = Mutex((count: 0, waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)]()))

    func increment() {
        let reached = state.withLock { state in
            state.count += 1
            let reached = state.waiters.filter { $0.count <= state.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.count }
            return reached
        }
        reached.forEach { $0.resume() }
    }

    func wait(until count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}

extension Engine {
    /// `reconcile(reason:)`, counting the caller once it runs on the engine: the count
    /// and the call into `reconcile` happen on the actor without a suspension between
    /// them, so when the count is reached every counted reason is queued.
    fileprivate func reconcile(reason: EngineEvent, counting callers: CallerCount) async -> ReconcileReport {
        callers.increment()
        return await reconcile(reason: reason)
    }
}
