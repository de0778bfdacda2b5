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

    init(authorizationStatus: UNAuthorizationStatus, alertSetting: UNNotificationSetting = .enabled,
         soundSetting: UNNotificationSetting = .enabled, badgeSetting: UNNotificationSetting = .enabled) {
        self.authorizationStatus = authorizationStatus
        self.alertSetting = alertSetting
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
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
