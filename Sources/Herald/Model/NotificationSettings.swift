/// Which ways of showing its notifications the user allows the app, one by one, while
/// notifications stay authorized: the alert (banner, lock screen), the sound and the
/// app badge. Mirrors `UNNotificationSettings`' `alertSetting`, `soundSetting` and
/// `badgeSetting`; a setting the platform does not support reads as off.
///
/// The engine reads them with the authorization at the start of each run
/// (``NotificationCenter/notificationSettings()``). With badges off it does not count
/// on the badge: it sets no app badge and no badge in content, and says so in the run's
/// report (``ReconcileReport/badgesOff``); the first run after they come back sets the
/// badge to what is outstanding.
///
/// ```swift
/// let settings = NotificationSettings(alert: true, sound: false, badge: false)
/// #expect(settings.description == "alert on, sound off, badge off")
/// #expect(NotificationSettings.allOn == NotificationSettings(alert: true, sound: true, badge: true))
/// ```
public struct NotificationSettings: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether notifications may show an alert: a banner and the lock screen. Off, they
    /// still go to the list.
    public var alert: Bool
    /// Whether notifications may play their sound.
    public var sound: Bool
    /// Whether the app badge is shown.
    public var badge: Bool

    public init(alert: Bool = true, sound: Bool = true, badge: Bool = true) {
        self.alert = alert
        self.sound = sound
        self.badge = badge
    }

    /// Everything on: what a center that cannot tell reports.
    public static let allOn = NotificationSettings()

    /// `alert on, sound off, badge off`.
    public var description: String {
        [("alert", alert), ("sound", sound), ("badge", badge)]
            .map { "\($0.0) \($0.1 ? "on" : "off")" }.joined(separator: ", ")
    }
}
