import Foundation
import Herald
import HeraldSimulator
import Testing

struct DeviceLifecycleTests {
    @Test func launchStartsAFreshAppInTheForeground() async throws {
        // Given a device with the app not running
        let fixture = await makeDevice()

        // When the user opens the app
        let outcome = try await fixture.device.launch()

        // Then one cold launch into the foreground
        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground"])
        #expect(await fixture.device.appState == .foreground)
        #expect(await fixture.device.launchCount == 1)
        #expect(outcome.launched && outcome.stateBefore == .notRunning && outcome.stateAfter == .foreground)
        #expect(await fixture.device.timeline() == ["12:00 launched foreground"])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func theSystemCanLaunchTheAppIntoTheBackground() async throws {
        let fixture = await makeDevice()

        try await fixture.device.launch(into: .background)

        #expect(await fixture.journal.entries == ["#1 12:00 launched background"])
        #expect(await fixture.device.appState == .background)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func backgroundAndForegroundTalkToTheSameProcess() async throws {
        // Given a running app
        let fixture = await makeDevice()
        try await fixture.device.launch()

        // When the user leaves it and comes back ten minutes later
        let left = try await fixture.device.moveToBackground()
        await fixture.device.advance(by: 600)
        let back = try await fixture.device.moveToForeground()

        // Then the same instance heard both, and no new process started
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched foreground", "#1 12:00 entered background", "#1 12:10 became active",
        ])
        #expect(left.stateAfter == .background && !left.launched)
        #expect(back.stateBefore == .background && back.stateAfter == .foreground)
        #expect(await fixture.device.launchCount == 1)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func terminateEndsTheProcessAndTheNextLaunchMakesAFreshAppWhileTheCenterKeepsItsState() async throws {
        // Given a running app, one notification delivered with a badge and one pending
        let fixture = await makeDevice()
        try await fixture.center.add(makeReminder("first", inMinutes: 30, badge: 1))
        try await fixture.center.add(makeReminder("second", inMinutes: 120, badge: 2))
        try await fixture.device.launch()
        try await fixture.device.moveToBackground()
        await fixture.device.advance(by: 3_600)
        let firstApp = try #require(await fixture.app())

        // When the process ends and the user opens the app again
        await fixture.device.terminate()
        let appWhileDead = await fixture.device.app
        try await fixture.device.launch()

        // Then the old instance was told, a new one launched, and the system kept everything
        #expect(appWhileDead == nil)
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched foreground", "#1 12:00 entered background",
            "#1 13:00 will terminate", "#2 13:00 launched foreground",
        ])
        let secondApp = try #require(await fixture.app())
        #expect(secondApp !== firstApp)
        #expect(await fixture.center.deliveredIdentifiers() == ["first"])
        #expect(await fixture.center.pendingIdentifiers() == ["second"])
        #expect(await fixture.center.badgeCount == 1)

        // And what was pending still fires for the new process
        await fixture.device.advance(by: 3_600)
        #expect(await fixture.center.badgeCount == 2)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aCrashEndsTheProcessWithoutWillTerminate() async throws {
        let fixture = await makeDevice()
        try await fixture.device.launch()

        let outcome = await fixture.device.crash()
        try await fixture.device.launch()

        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground", "#2 12:00 launched foreground"])
        #expect(outcome.stateAfter == .notRunning)
        #expect(await fixture.device.timeline() == ["12:00 launched foreground", "12:00 crashed", "12:00 launched foreground"])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func terminatingAStoppedAppDoesNothing() async throws {
        let fixture = await makeDevice()

        let terminated = await fixture.device.terminate()
        let crashed = await fixture.device.crash()

        #expect(terminated.events.isEmpty && crashed.events.isEmpty)
        #expect(await fixture.journal.entries.isEmpty)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    enum Transition: String, CaseIterable, Sendable {
        case launch, moveToBackground, moveToForeground
    }

    @Test(arguments: [
        (AppState.notRunning, Transition.moveToBackground,
         "Cannot move to the background while the app is notRunning; only an app in the foreground can."),
        (.notRunning, .moveToForeground, "Cannot move to the foreground while the app is notRunning; use launch()."),
        (.background, .launch,
         "Cannot launch while the app is background; use moveToForeground() from the background, or terminate() first."),
        (.background, .moveToBackground,
         "Cannot move to the background while the app is background; only an app in the foreground can."),
        (.foreground, .launch,
         "Cannot launch while the app is foreground; use moveToForeground() from the background, or terminate() first."),
        (.foreground, .moveToForeground, "Cannot move to the foreground while the app is foreground; it already is."),
    ])
    func impossibleTransitionsThrowAndChangeNothing(from state: AppState, transition: Transition,
                                                    message: String) async throws {
        // Given the app in `state`
        let fixture = await makeDevice()
        if state != .notRunning { try await fixture.device.launch(into: state) }
        let callsBefore = await fixture.journal.entries

        // When the test asks for a transition that cannot happen from there
        let error = await #expect(throws: DeviceError.self) {
            switch transition {
            case .launch: try await fixture.device.launch()
            case .moveToBackground: try await fixture.device.moveToBackground()
            case .moveToForeground: try await fixture.device.moveToForeground()
            }
        }

        // Then it is refused, saying why
        #expect(error?.code == .invalidTransition)
        #expect(error?.message == message)
        #expect(await fixture.device.appState == state)
        #expect(await fixture.journal.entries == callsBefore)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }
}
