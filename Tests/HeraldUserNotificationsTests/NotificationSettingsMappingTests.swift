import Foundation
import Herald
import HeraldUserNotifications
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import UserNotificationsShim

/// The adapter reads the user's alert, sound and badge switches from
/// `UNNotificationSettings`: `enabled` is on, `disabled` and `notSupported` are off.
struct NotificationSettingsMappingTests {
    /// A fresh app has neither the Time Sensitive capability nor the critical-alert
    /// entitlement (the shim reports both `notSupported`), and is not in the summary.
    @Test func aFreshCenterReportsEverythingOn() async {
        let center = UserNotificationCenter(makePlatformCenter())
        #expect(await center.notificationSettings() == NotificationSettings(alert: true, sound: true, badge: true, timeSensitive: false))
    }

    @Test(arguments: [
        (UNNotificationSetting.enabled, UNNotificationSetting.disabled, UNNotificationSetting.notSupported,
         NotificationSettings(alert: true, sound: false, badge: false, timeSensitive: false)),
        (.disabled, .enabled, .enabled, NotificationSettings(alert: false, sound: true, badge: true, timeSensitive: false)),
        (.notSupported, .notSupported, .disabled, NotificationSettings(alert: false, sound: false, badge: false, timeSensitive: false)),
    ] as [(UNNotificationSetting, UNNotificationSetting, UNNotificationSetting, NotificationSettings)])
    func eachSwitchIsMappedOnItsOwn(alert: UNNotificationSetting, sound: UNNotificationSetting,
                                    badge: UNNotificationSetting, expected: NotificationSettings) async {
        // Given the user's switches in the platform's Settings
        let platform = makePlatformCenter()
        platform.setNotificationSettingsForTesting(alert: alert, sound: sound, badge: badge)

        // Then the platform reports them, and the adapter maps each
        let reported = await platform.notificationSettings()
        #expect([reported.alertSetting, reported.soundSetting, reported.badgeSetting] == [alert, sound, badge])
        #expect(await UserNotificationCenter(platform).notificationSettings() == expected)
    }

    @Test(arguments: [
        (UNNotificationSetting.enabled, UNNotificationSetting.disabled, UNNotificationSetting.enabled,
         NotificationSettings(timeSensitive: true, criticalAlerts: false, scheduledSummary: true)),
        (.disabled, .enabled, .disabled, NotificationSettings(timeSensitive: false, criticalAlerts: true, scheduledSummary: false)),
        (.notSupported, .notSupported, .notSupported,
         NotificationSettings(timeSensitive: false, criticalAlerts: false, scheduledSummary: false)),
    ] as [(UNNotificationSetting, UNNotificationSetting, UNNotificationSetting, NotificationSettings)])
    func theUrgencySettingsAreMappedOnTheirOwn(timeSensitive: UNNotificationSetting, critical: UNNotificationSetting,
                                               summary: UNNotificationSetting, expected: NotificationSettings) async {
        let platform = makePlatformCenter()
        platform.setNotificationSettingsForTesting(timeSensitive: timeSensitive, criticalAlert: critical,
                                                   scheduledDelivery: summary)
        let reported = await platform.notificationSettings()
        #expect([reported.timeSensitiveSetting, reported.criticalAlertSetting, reported.scheduledDeliverySetting]
            == [timeSensitive, critical, summary])
        #expect(await UserNotificationCenter(platform).notificationSettings() == expected)
    }

    /// The permission the engine reads at each run: the authorization and the switches
    /// from the one `notificationSettings()` answer.
    @Test func thePermissionIsTheStatusAndTheSwitchesTogether() async throws {
        let platform = makePlatformCenter(userAnswer: .deny)
        platform.setNotificationSettingsForTesting(alert: .enabled, sound: .disabled, badge: .enabled)
        let center = UserNotificationCenter(platform)
        #expect(await center.permission() == (.notDetermined, NotificationSettings(alert: true, sound: false, badge: true, timeSensitive: false)))

        _ = try await center.requestAuthorization(options: [.alert])
        let (status, settings) = await center.permission()
        #expect(status == .denied)
        #expect(settings == NotificationSettings(alert: true, sound: false, badge: true, timeSensitive: false))
    }
}
#endif
