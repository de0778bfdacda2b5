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

    private func makeRefresh(engine: Engine, policy: RefreshPolicy = RefreshPolicy()) -> (BackgroundRefresh, BGTaskScheduler) {
        let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: [Self.identifier])
        let refresh = BackgroundRefresh(identifier: Self.identifier, engine: engine, scheduler: scheduler,
                                        clock: FixedClock(now: tuesdayMorning, timeZone: berlin), policy: policy)
        return (refresh, scheduler)
    }

    @Test(arguments: [(true, afterMidnight), (false, beforeHorizon)])
    func theNextRefreshComesFromThePlan(contentDependsOnDay: Bool, expected: Date) async throws {
        // Given a three-day plan made on Tuesday 08:00
        let engine = try await makeEngine(platform: makePlatformCenter())
        let (refresh, scheduler) = makeRefresh(engine: engine, policy: RefreshPolicy(contentDependsOnDay: contentDependsOnDay))
        let report = await engine.launched()

        // When the next refresh is submitted
        let date = try refresh.scheduleNext(after: report)

        // Then it may begin after midnight when content depends on the day, else six hours before the horizon
        #expect(date == expected)
        #expect(scheduler.pendingRequestsForTesting.map(\.identifier) == [Self.identifier])
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == expected)
    }

    @Test func thePolicyNeverBeginsTooSoonAndRetriesAfterAFailure() {
        let policy = RefreshPolicy()
        let midnight = tuesdayMorning.addingTimeInterval(16 * 3_600)

        // Coverage ending in two hours: 6 h before it is past, so 15 minutes from now
        #expect(policy.earliestBeginDate(coverageHorizon: tuesdayMorning.addingTimeInterval(7_200), now: tuesdayMorning,
                                         nextDayChange: midnight) == tuesdayMorning.addingTimeInterval(900))
        // No plan: an hour from now
        #expect(policy.earliestBeginDate(coverageHorizon: nil, now: tuesdayMorning, nextDayChange: midnight)
            == tuesdayMorning.addingTimeInterval(3_600))
    }

    @Test func aRefreshTaskReplansSubmitsTheNextAndCompletes() async throws {
        // Given a registered refresh and an app that never launched in this process
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        let (refresh, scheduler) = makeRefresh(engine: engine)
        #expect(refresh.register())

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
