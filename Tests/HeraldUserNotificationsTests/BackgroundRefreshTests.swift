import Foundation
import Herald
@testable import HeraldUserNotifications
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import UserNotificationsShim

struct BackgroundRefreshTests {
    static let identifier = "com.example.habits.refresh"
    /// Tuesday 23:05 in Berlin (22:05 UTC): five minutes after the next local midnight.
    /// Tuesday 08:00 Berlin is 07:00 UTC, midnight is 23:00 UTC, + 300 s.
    static let afterMidnight = Date(timeIntervalSince1970: 1_773_126_000 + 16 * 3_600 + 300)
    /// Friday 01:00 UTC: six hours before the three-day coverage (Friday 07:00 UTC) ends.
    static let beforeHorizon = Date(timeIntervalSince1970: 1_773_126_000 + 66 * 3_600)

    private func makeRefresh(engine: Engine, policy: PlannerConfiguration.RefreshPolicy = PlannerConfiguration.RefreshPolicy()) -> (BackgroundRefresh, BGTaskScheduler) {
        let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: [Self.identifier])
        let refresh = BackgroundRefresh(identifier: Self.identifier, host: AppHost(engine: engine), scheduler: scheduler,
                                        clock: FixedClock(now: tuesdayMorning, timeZone: berlin), policy: policy)
        return (refresh, scheduler)
    }

    @Test(arguments: [(true, afterMidnight), (false, beforeHorizon)])
    func theNextRefreshComesFromThePlan(contentDependsOnDay: Bool, expected: Date) async throws {
        // Given a three-day plan made on Tuesday 08:00 (4 reminders a day, all within the
        // budget: covered until Friday 08:00), its content depending on the day or not
        let engine = try await makeEngine(platform: makePlatformCenter(), contentDependsOnDay: contentDependsOnDay)
        let (refresh, scheduler) = makeRefresh(engine: engine)
        await refresh.observeRuns()

        // When the app launches (its run submits the next refresh)
        await engine.launched()

        // Then it may begin five minutes after the plan's deadline when that is the day's
        // change (Tuesday midnight), else six hours before the deadline, the end of coverage
        #expect(scheduler.pendingRequestsForTesting.map(\.identifier) == [Self.identifier])
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == expected)
    }

    @Test func aRunCausedByACompletionSubmitsTheNextRefresh() async throws {
        // Given a refresh observing an engine that has not run yet: nothing is submitted
        let engine = try await makeEngine(platform: makePlatformCenter())
        let (refresh, scheduler) = makeRefresh(engine: engine)
        await refresh.observeRuns()
        #expect(scheduler.pendingRequestsForTesting.isEmpty)

        // When the app records a completion (no lifecycle call, no refresh task)
        try await engine.completed(EntityReference(namespace: "habit", id: "water"))

        // Then its run submitted the next refresh: the content depends on the day, so
        // five minutes after Tuesday's midnight (23:00 UTC + 300 s)
        #expect(scheduler.pendingRequestsForTesting.map(\.identifier) == [Self.identifier])
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == Self.afterMidnight)

        // And once it stops observing, a run submits nothing
        scheduler.cancel(taskRequestWithIdentifier: Self.identifier)
        await refresh.stopObservingRuns()
        await engine.becameActive()
        #expect(scheduler.pendingRequestsForTesting.isEmpty)
    }

    /// A plan's coverage and deadline, and when the policy lets the next refresh begin,
    /// each in hours after Tuesday 08:00 Berlin (07:00 UTC); `nil` coverage is unbounded.
    struct PolicyCase: Sendable, CustomTestStringConvertible {
        var coverage: Double?
        var deadline: Double?
        var expected: Double
        var testDescription: String { "coverage \(coverage.map { "\($0) h" } ?? "unbounded"), deadline \(deadline.map { "\($0) h" } ?? "none")" }
    }

    static let policyCases: [PolicyCase] = [
        // Coverage to Friday 08:00, deadline the same: six hours before it, Friday 02:00
        PolicyCase(coverage: 72, deadline: 72, expected: 66),
        // Deadline at Tuesday midnight (16 h), covered to Friday: five minutes after midnight
        PolicyCase(coverage: 72, deadline: 16, expected: 16 + 5.0 / 60),
        // Unbounded coverage, deadline at midnight: five minutes after it
        PolicyCase(coverage: nil, deadline: 16, expected: 16 + 5.0 / 60),
        // Unbounded and no deadline: a day from now
        PolicyCase(coverage: nil, deadline: nil, expected: 24),
        // Covered for two hours only: 6 h before is past, so the minimum delay of 15 minutes
        PolicyCase(coverage: 2, deadline: 2, expected: 0.25),
        // Midnight deadline, but coverage ends at 00:02: six hours before that is sooner
        PolicyCase(coverage: 16 + 2.0 / 60, deadline: 16, expected: 10 + 2.0 / 60),
    ]

    @Test(arguments: policyCases)
    func thePolicyReadsTheDeadlineAndTheCoverage(_ example: PolicyCase) {
        func hours(_ count: Double) -> Date { tuesdayMorning.addingTimeInterval(count * 3_600) }
        let coverage: GuaranteedCoverage = example.coverage.map { .until(hours($0)) } ?? .unbounded
        let date = PlannerConfiguration.RefreshPolicy().earliestBeginDate(guaranteedCoverage: coverage,
                                                     refreshDeadline: example.deadline.map(hours), now: tuesdayMorning)
        #expect(abs(date.timeIntervalSince(hours(example.expected))) < 0.001, "\(date) != \(hours(example.expected))")
    }

    @Test func thePolicyRetriesAnHourAfterAFailure() {
        // No plan: an hour from now
        #expect(PlannerConfiguration.RefreshPolicy().earliestBeginDate(after: nil, now: tuesdayMorning) == tuesdayMorning.addingTimeInterval(3_600))
    }

    /// The scheduler refuses as the SDK does, with its codes: an identifier that is not
    /// permitted (3), and a second refresh request while another identifier's is pending
    /// (2); resubmitting the same identifier replaces its request.
    @Test func theSchedulerRefusesWithTheSDKsCodes() async throws {
        let engine = try await makeEngine(platform: makePlatformCenter())
        let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: [Self.identifier, "other.refresh"])
        func refresh(_ identifier: String) -> BackgroundRefresh {
            BackgroundRefresh(identifier: identifier, host: AppHost(engine: engine), scheduler: scheduler,
                              clock: FixedClock(now: tuesdayMorning, timeZone: berlin))
        }

        do {
            _ = try refresh("not.listed").scheduleNext(plan: nil)
            Issue.record("an identifier that is not permitted was accepted")
        } catch {
            #expect(error.platformCode == 3)
        }
        _ = try refresh(Self.identifier).scheduleNext(plan: nil)
        _ = try refresh(Self.identifier).scheduleNext(plan: nil)   // replaces it
        do {
            _ = try refresh("other.refresh").scheduleNext(plan: nil)
            Issue.record("a second pending refresh request was accepted")
        } catch {
            #expect(error.platformCode == 2)
        }
        #expect(scheduler.pendingRequestsForTesting.map(\.identifier) == [Self.identifier])
    }

    @Test func aRefreshTaskReplansSubmitsTheNextAndCompletes() async throws {
        // Given a registered refresh and an app that never launched in this process
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        let (refresh, scheduler) = makeRefresh(engine: engine)
        #expect(refresh.register())
        await refresh.observeRuns()

        // When the system runs the task
        let task = try #require(scheduler.launchForTesting(identifier: Self.identifier))
        await refresh.latestRun?.value

        // Then the plan is in place, the next refresh is submitted and the task completed once
        #expect(await platform.pendingNotificationRequests().count == 12)
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == Self.afterMidnight)
        #expect(task.completionsForTesting == [true])
    }

    @Test func anExpiredTaskIsCancelledAndCompletedWithFalseOnce() async throws {
        // Given a refresh whose run waits for the app's data
        let gate = Gate()
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert])
        let engine = Engine(center: UserNotificationCenter(platform), source: GatedSource(gate: gate),
                            clock: FixedClock(now: tuesdayMorning, timeZone: berlin))
        let (refresh, scheduler) = makeRefresh(engine: engine)
        refresh.register()
        let task = try #require(scheduler.launchForTesting(identifier: Self.identifier))

        // When the system takes the time back before the run finishes
        await gate.waitUntilEntered()
        task.expireForTesting()

        // Then the task completed with false, and a retry an hour later is submitted
        #expect(task.completionsForTesting == [false])
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == tuesdayMorning.addingTimeInterval(3_600))

        // When the run's work finishes anyway, then nothing is completed twice
        await gate.open()
        await refresh.latestRun?.value
        #expect(task.completionsForTesting == [false])
    }
}

/// Holds the source until the test opens it, and says when a run reached it.
actor Gate {
    private var isOpen = false
    private var entered = false
    private var waitingToOpen: [CheckedContinuation<Void, Never>] = []
    private var waitingForEntry: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        entered = true
        waitingForEntry.forEach { $0.resume() }
        waitingForEntry = []
        if isOpen { return }
        await withCheckedContinuation { waitingToOpen.append($0) }
    }

    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { waitingForEntry.append($0) }
    }

    func open() {
        isOpen = true
        waitingToOpen.forEach { $0.resume() }
        waitingToOpen = []
    }
}

/// A source with no rules that waits at the gate.
struct GatedSource: ReminderSource {
    let gate: Gate
    func reminderRules() async throws -> [ReminderRule] {
        await gate.pass()
        return []
    }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
}
#endif
