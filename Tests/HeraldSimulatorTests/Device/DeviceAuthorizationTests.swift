import Foundation
import Herald
import HeraldSimulator
import Testing

struct DeviceAuthorizationTests {
    @Test func changingPermissionFromTheForegroundGoesThroughSettingsAndBack() async throws {
        // Given the app in the foreground and a reminder due at 13:00
        let fixture = await makeDevice()
        try await fixture.center.add(makeReminder("water"))
        try await fixture.device.launch()

        // When the user turns notifications off in Settings
        let outcome = await fixture.device.setAuthorization(.denied)
        await fixture.device.advance(by: 3_600)

        // Then the app left and became active again, and the reminder is suppressed
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched foreground", "#1 12:00 entered background", "#1 12:00 became active",
        ])
        #expect(outcome.events.map(\.description) == ["entered background", "authorization denied", "became active"])
        #expect(await fixture.center.authorizationStatus() == .denied)
        #expect(await fixture.device.presentedNotifications.isEmpty)
        #expect(await fixture.center.deliveryLog.map(\.outcome) == [.suppressed])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: [AppState.notRunning, .background])
    func changingPermissionOutsideTheForegroundOnlyChangesTheStatus(state: AppState) async throws {
        // Given the app not in the foreground, never asked for permission
        let fixture = await makeDevice(authorization: .notDetermined)
        if state == .background { try await fixture.device.launch(into: .background) }
        let callsBefore = await fixture.journal.entries

        // When the user allows notifications in Settings
        let outcome = await fixture.device.setAuthorization(.authorized)

        // Then the app hears nothing until it next becomes active or launches
        #expect(await fixture.journal.entries == callsBefore)
        #expect(outcome.stateAfter == state)
        #expect(await fixture.center.authorizationStatus() == .authorized)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }
}
