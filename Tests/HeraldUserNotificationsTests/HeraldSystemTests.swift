#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Synchronization
import Testing
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import CoreLocationShim
@_spi(Testing) import UserNotificationsShim

/// One façade wires an app: the delegate installed and the refresh registered when it
/// is made; from its launch on, every run submits the next refresh and time signals
/// reach the engine.
struct HeraldSystemTests {
    static let identifier = "com.example.habits.refresh"

    /// The façade over a fresh, authorized platform center at Tuesday 08:00 Berlin, its
    /// time signals fed by the test.
    private func makeSystem(refreshIdentifier: String? = identifier, sync: HeraldSync? = nil) async throws
        -> (HeraldSystem, UNUserNotificationCenter, BGTaskScheduler, AsyncStream<TimeChange>.Continuation) {
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert, .badge, .sound])
        let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: [Self.identifier])
        let (signals, signal) = AsyncStream.makeStream(of: TimeChange.self)
        let system = SystemServices(
            notificationCenter: platform, clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
            timeSignals: StartedSignals(stream: signals), scheduler: scheduler, locationManager: { CLLocationManager() })
        let herald = HeraldSystem(
            source: TwoHabits(), store: InMemoryEngineStore(), categories: TwoHabits.categories,
            configuration: PlannerConfiguration(horizon: 3 * 86_400), refreshIdentifier: refreshIdentifier,
            monitorsRegions: false, sync: sync, system: system, presentPrompt: { _ in }, openSettings: { _ in })
        return (herald, platform, scheduler, signal)
    }

    @Test func aQuotasWeekStartsOnTheUsersFirstWeekdayUnlessTheAppChoseOne() {
        var system = SystemServices(notificationCenter: makePlatformCenter(), clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
                                    timeSignals: StartedSignals(stream: AsyncStream { _ in }),
                                    scheduler: BGTaskScheduler.makeForTesting(permittedIdentifiers: []),
                                    locationManager: { nil })
        system.firstWeekday = .sunday
        #expect(HeraldSystem.configuration(PlannerConfiguration(), on: system).firstWeekday == .sunday)
        var chosen = PlannerConfiguration()
        chosen.firstWeekday = .saturday
        #expect(HeraldSystem.configuration(chosen, on: system).firstWeekday == .saturday)
    }

    @Test func aFacadeGivenItsDeviceKeepsWhatTheUserDoesForTheOtherDevices() async throws {
        let (herald, _, _, _) = try await makeSystem(refreshIdentifier: nil, sync: HeraldSync(device: "phone"))
        await herald.launched()
        let water = EntityReference(namespace: "habit", id: "water")
        try await herald.engine.paused(water)
        #expect(try await herald.engine.outgoingSyncRecords().map(\.change) == [.paused(water)])
        #expect(try await herald.engine.outgoingSyncRecords().map(\.device) == ["phone"])
    }

    @Test func theFacadeWiresTheAppAndEveryRunSubmitsTheNextRefresh() async throws {
        // Given the façade, just made
        let (herald, platform, scheduler, _) = try await makeSystem()

        // Then its delegate is the center's, the refresh task is registered, and nothing
        // ran yet: nothing is pending and no refresh is asked for
        #expect(platform.delegate === herald.delegate)
        #expect(herald.regions == nil)
        #expect(await platform.pendingNotificationRequests().isEmpty)
        #expect(scheduler.pendingRequestsForTesting.isEmpty)

        // When the app launches
        await herald.launched()

        // Then the plan is in place (two habits at 09:00 and 20:00 for three days: 12) and
        // its run asked for the next refresh five minutes after Tuesday's midnight (the
        // content depends on the day): 23:00 UTC + 300 s
        #expect(await platform.pendingNotificationRequests().count == 12)
        #expect(scheduler.pendingRequestsForTesting.first?.earliestBeginDate == BackgroundRefreshTests.afterMidnight)

        // When the request is gone and the app records a completion (no lifecycle call)
        scheduler.cancel(taskRequestWithIdentifier: Self.identifier)
        try await herald.engine.completed(EntityReference(namespace: "habit", id: "water"))

        // Then that run asked for the next refresh too
        #expect(scheduler.pendingRequestsForTesting.map(\.identifier) == [Self.identifier])

        // And the refresh task the system runs goes through the same host
        let task = try #require(scheduler.launchForTesting(identifier: Self.identifier))
        await herald.refresh?.latestRun?.value
        #expect(task.completionsForTesting == [true])
    }

    @Test func timeSignalsReachTheEngineFromTheLaunchOn() async throws {
        // Given the launched façade, and an observer of its engine's runs
        let (herald, _, _, signal) = try await makeSystem(refreshIdentifier: nil)
        #expect(herald.refresh == nil)
        let (reasons, heard) = AsyncStream.makeStream(of: [EngineEvent].self)
        await herald.engine.observeReports { report in heard.yield(report.reasons) }
        await herald.launched()

        // When midnight passes
        signal.yield(.dayChanged)
        signal.finish()

        // Then the engine re-planned for the launch, then for the day's change
        var runs: [[EngineEvent]] = []
        for await next in reasons {
            runs.append(next)
            if runs.count == 2 { break }
        }
        #expect(runs == [[.launch], [.timeChanged(.dayChanged)]])
    }

    @Test func theAppsCallsAreTheFacadesAndEachIsOneRun() async throws {
        // Given the launched façade, and an observer of its engine's runs
        let (herald, platform, _, _) = try await makeSystem(refreshIdentifier: nil)
        let (reasons, heard) = AsyncStream.makeStream(of: [EngineEvent].self)
        await herald.engine.observeReports { report in heard.yield(report.reasons) }
        await herald.launched()

        // When the app asks for permission, its data is loaded, and time moves
        let allowed = try await herald.requestAuthorization()
        let loaded = await herald.dataLoaded(TwoHabits())
        await herald.timeChanged(.timeZoneChanged)
        await herald.backgroundRefresh()
        heard.finish()

        // Then each is one run of the engine, in order, and the app is ready
        #expect(allowed)
        #expect(loaded.reasons == [.other("data loaded")])
        var runs: [[EngineEvent]] = []
        for await next in reasons { runs.append(next) }
        #expect(runs == [[.launch], [.authorizationGranted], [.other("data loaded")],
                         [.timeChanged(.timeZoneChanged)], [.backgroundRefresh]])
        #expect(await herald.engine.isAppReady)
        #expect(await platform.pendingNotificationRequests().count == 12)
    }
}
#endif
