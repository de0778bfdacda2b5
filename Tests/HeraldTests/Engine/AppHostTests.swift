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
        let reasons = Mutex<[[ReconcileReason]]>([])
        let host = AppHost(engine: engine)
        await engine.observeReports { report in reasons.withLock { $0.append(report.reasons) } }
        let responder = RecordingResponder()

        // When the app goes through a day
        await host.launched()
        await center.advance(to: Fixtures.date("2026-11-21T09:05"))
        let water = await center.deliveredNotifications()[0]
        await host.received(NotificationResponse(notification: water, actionIdentifier: NotificationResponse.defaultActionIdentifier))
        #expect(responder.routes.isEmpty)
        await host.ready(responder)
        await host.becameActive()
        await host.enteredBackground()
        await host.timeChanged(.dayChanged)
        await host.backgroundRefresh()

        // Then each run was reported, in order, and the tap was routed once the app was ready
        #expect(reasons.withLock { $0 } == [
            [.launch], [.response(water.request.identifier)], [.foreground], [.dayChanged], [.backgroundRefresh],
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
}
