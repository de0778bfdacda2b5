import Foundation
import Herald
import HeraldSimulator
import Testing

/// The user's alert, sound and badge switches (`UNNotificationSettings`), while
/// notifications stay authorized: each takes away one thing the system shows, never
/// the notification itself, and the badge the system keeps differs from what the icon
/// shows while badges are off.
struct DeviceSettingsTests {
    @Test(arguments: [
        // (settings, what the system shows, badge kept by the center)
        (NotificationSettings(alert: false), "list, sound, badge", 3),
        (NotificationSettings(sound: false), "banner, list, badge", 3),
        (NotificationSettings(badge: false), "banner, list, sound", 0),
        (NotificationSettings(alert: false, sound: false, badge: false), "list", 0),
        (NotificationSettings.allOn, "banner, list, sound, badge", 3),
    ] as [(NotificationSettings, String, Int)])
    func inTheBackgroundEachSwitchTakesAwayItsPart(settings: NotificationSettings, shown: String, badge: Int) async throws {
        // Given the app not running, a reminder with badge 3 in an hour, and the settings
        let fixture = await makeDevice()
        try await fixture.center.add(makeReminder("water", badge: 3))
        await fixture.device.setNotificationSettings(settings)

        // When it is delivered
        let presented = await fixture.device.advance(by: 3_600)

        // Then it is presented without what is off, and it is in the list whatever the settings
        #expect(presented.map(\.presentation.description) == [shown])
        #expect(await fixture.center.deliveredIdentifiers() == ["water"])
        #expect(await fixture.center.badgeCount == badge)
        #expect(await fixture.center.displayedBadge == (settings.badge ? badge : 0))
    }

    @Test func withAlertsOffABannerTheAppAskedForInTheForegroundLandsInTheList() async throws {
        // Given the app in the foreground asking for a banner and a sound only, alerts off
        let fixture = await makeDevice(presenting: [.banner, .sound])
        try await fixture.center.add(makeReminder("water", badge: 2))
        try await fixture.device.launch()
        await fixture.device.setNotificationSettings(NotificationSettings(alert: false))

        // When it is delivered
        let presented = await fixture.device.advance(by: 3_600)

        // Then no banner, the sound, and it is in the list; the app did not ask for the badge
        #expect(presented.map(\.presentation) == [NotificationPresentation(options: [.list, .sound])])
        #expect(await fixture.center.deliveredIdentifiers() == ["water"])
        #expect(await fixture.center.badgeCount == 0)
    }

    @Test func withBadgesOffTheBadgeIsKeptButNotShownUntilTheyComeBack() async throws {
        // Given badges off
        let fixture = await makeDevice()
        await fixture.center.setNotificationSettings(NotificationSettings(badge: false))

        // When the app sets the badge to 4
        try await fixture.center.setBadgeCount(4)

        // Then the system keeps 4 and the icon shows none; with badges back on it shows 4
        #expect(await fixture.center.badgeCount == 4)
        #expect(await fixture.center.displayedBadge == 0)
        await fixture.center.setNotificationSettings(.allOn)
        #expect(await fixture.center.displayedBadge == 4)
    }

    @Test func changingSettingsFromTheForegroundGoesThroughSettingsAndBack() async throws {
        // Given the app in the foreground
        let fixture = await makeDevice()
        try await fixture.device.launch()

        // When the user turns sounds and badges off
        let settings = NotificationSettings(sound: false, badge: false)
        let outcome = await fixture.device.setNotificationSettings(settings)

        // Then the app left and became active again (where it reads them), as for the permission
        #expect(outcome.events.map(\.description) == [
            "entered background", "settings alert on, sound off, badge off", "became active",
        ])
        #expect(await fixture.center.notificationSettings() == settings)
        #expect(await fixture.center.authorizationStatus() == .authorized)
    }

    @Test func aCenterWithoutADeviceAppliesTheBadgeSwitchToo() async throws {
        // Given a center alone (every delivery shown as in the background), badges off
        let center = makeCenter(authorization: .authorized)
        await center.setNotificationSettings(NotificationSettings(badge: false))
        try await center.add(makeReminder("water", badge: 5))

        // When it is delivered
        await center.advance(by: 3_600)

        // Then it is in the list and its badge was not applied
        #expect(await center.deliveredIdentifiers() == ["water"])
        #expect(await center.badgeCount == 0)
    }

    @Test func settingsSurviveASnapshot() async throws {
        // Given alerts off
        let center = makeCenter(authorization: .authorized)
        await center.setNotificationSettings(NotificationSettings(alert: false))

        // When the system is saved and restored (as JSON, like a state file)
        let data = try JSONEncoder().encode(await center.snapshot())
        let restored = SimulatedNotificationCenter(
            restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data), clock: center.clock)

        // Then the switches are the same
        #expect(await restored.notificationSettings() == NotificationSettings(alert: false, sound: true, badge: true))
    }

    @Test func aSnapshotWithoutSettingsRestoresEverythingOn() async throws {
        // Given a snapshot written before settings were kept
        var snapshot = await makeCenter(authorization: .authorized).snapshot()
        snapshot.notificationSettings = nil

        // Then the restored center has everything on
        let restored = SimulatedNotificationCenter(restoring: snapshot, clock: makeCenter().clock)
        #expect(await restored.notificationSettings() == .allOn)
    }
}
