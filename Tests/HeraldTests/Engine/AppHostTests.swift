import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// The host forwards each lifecycle call to the engine, whose observers hear every run's
/// report, in order, before the call returns.
@Suite struct AppHostTests {
    @Test func everyLifecycleCallReachesTheEngineAndReportsItsRun() async {
        // Given an app whose engine's observer records the reasons of every run
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])]),
                            clock: clock)
        let reasons = Mutex<[[EngineEvent]]>([])
        let host = AppHost(engine: engine)
        await engine.observeReports { report in reasons.withLock { $0.append(report.reasons) } }
        let responder = RecordingResponder()

        // When the app goes through a day
        await host.launched()
        await center.advance(to: Fixtures.date("2026-11-21T09:05"))
        let water = await center.deliveredNotifications()[0]
        let tap = NotificationResponse(notification: water, actionIdentifier: NotificationResponse.defaultActionIdentifier)
        await host.received(tap)
        #expect(responder.routes.isEmpty)
        await host.ready(responder)
        await host.becameActive()
        await host.enteredBackground()
        await host.timeChanged(.dayChanged)
        await host.backgroundRefresh()

        // Then each run was reported, in order, and the tap was routed once the app was ready
        #expect(reasons.withLock { $0 } == [
            [.launch], [.response(tap)], [.foreground], [.timeChanged(.dayChanged)], [.backgroundRefresh],
        ])
        #expect(responder.routes.map(\.notification) == [water])
        // And presentation is the engine's
        #expect(await host.willPresent(water) == .system(.all))
    }

    @Test func launchedReadyWithARespondentRoutesAtOnce() async {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])]),
                            clock: clock)
        let host = AppHost(engine: engine)
        let responder = RecordingResponder()
        await host.launched(readyWith: responder)
        #expect(await engine.isAppReady)
    }

    @Test func aHostedAppHandsEveryDeviceCallToTheHost() async throws {
        // Given a device running a HostedApp over an engine whose reminder is an in-app
        // prompt in the foreground, and an observer of every run of every process
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let categories = try CategoryRegistry([
            ReminderCategory(identifier: "habit", actions: [.complete("done", title: "Done")], foreground: .inAppPrompt),
        ])
        let source = TestReminderSource([Fixtures.dailyRule("water", at: ["09:00"])], categoryIdentifier: "habit")
        let store = InMemoryEngineStore()
        let reasons = Mutex<[[EngineEvent]]>([])
        let responder = RecordingResponder()
        let device = await SimulatedDevice(center: center) {
            let engine = Engine(center: center, source: source, store: store, clock: clock, categories: categories)
            await engine.observeReports { report in reasons.withLock { $0.append(report.reasons) } }
            return HostedApp(host: AppHost(engine: engine), readyWith: responder)
        }

        // When the app is launched into the foreground and the 09:00 reminder arrives there
        try await device.launch(into: .foreground)
        await device.advance(to: Fixtures.date("2026-11-21T09:05"))

        // Then the launch went through the host, which made the app ready at once, and the
        // prompt silenced the system's banner: nothing is kept in the list
        let app = try #require(await device.app as? HostedApp)
        #expect(await app.engine.isAppReady)
        #expect(await center.deliveredNotifications().isEmpty)

        // When the app is suspended over midnight, refreshed in the background, then opened
        try await device.moveToBackground()
        await device.advance(to: Fixtures.date("2026-11-22T08:00"))
        try await device.backgroundRefresh()
        try await device.moveToForeground()

        // Then every call reached the engine through the host, in order: the launch, the
        // day's change told before the refresh, the refresh, the return to the foreground
        #expect(reasons.withLock { $0 } == [[.launch], [.timeChanged(.dayChanged)], [.backgroundRefresh], [.foreground]])
    }
}
