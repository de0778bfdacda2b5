#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationSettings`: what the user allows. Apple gives it no
/// public initializer.
open class UNNotificationSettings: NSObject {
    open private(set) var authorizationStatus: UNAuthorizationStatus
    /// Whether alerts (banners, the lock screen) are shown.
    open private(set) var alertSetting: UNNotificationSetting
    /// Whether sounds are played.
    open private(set) var soundSetting: UNNotificationSetting
    /// Whether the app badge is shown.
    open private(set) var badgeSetting: UNNotificationSetting
    /// Whether the system treats the app's time-sensitive notifications as such (iOS 15).
    open private(set) var timeSensitiveSetting: UNNotificationSetting
    /// Whether the app may play critical alerts (iOS 12).
    open private(set) var criticalAlertSetting: UNNotificationSetting
    /// Whether the user put the app in the scheduled summary (iOS 15).
    open private(set) var scheduledDeliverySetting: UNNotificationSetting

    init(authorizationStatus: UNAuthorizationStatus, alertSetting: UNNotificationSetting = .enabled,
         soundSetting: UNNotificationSetting = .enabled, badgeSetting: UNNotificationSetting = .enabled,
         timeSensitiveSetting: UNNotificationSetting = .notSupported,
         criticalAlertSetting: UNNotificationSetting = .notSupported,
         scheduledDeliverySetting: UNNotificationSetting = .disabled) {
        self.authorizationStatus = authorizationStatus
        self.alertSetting = alertSetting
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
        self.timeSensitiveSetting = timeSensitiveSetting
        self.criticalAlertSetting = criticalAlertSetting
        self.scheduledDeliverySetting = scheduledDeliverySetting
        super.init()
    }

    /// Settings for tests.
    @_spi(Testing)
    public static func makeForTesting(
        authorizationStatus: UNAuthorizationStatus, alertSetting: UNNotificationSetting = .enabled,
        soundSetting: UNNotificationSetting = .enabled, badgeSetting: UNNotificationSetting = .enabled
    ) -> UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: authorizationStatus, alertSetting: alertSetting,
                               soundSetting: soundSetting, badgeSetting: badgeSetting)
    }
}

/// Linux stand-in for `UNNotificationSetting`: one switch of the app's notification
/// settings, with Apple's raw values.
public enum UNNotificationSetting: Int, Sendable {
    case notSupported = 0, disabled = 1, enabled = 2
}
#endif
