/// Which ways of showing its notifications the user allows the app, one by one, while
/// notifications stay authorized: the alert (banner, lock screen), the sound and the
/// app badge; and how urgent they may be: time-sensitive, critical alerts, and whether
/// the user put the app in the scheduled summary. Mirrors `UNNotificationSettings`'
/// `alertSetting`, `soundSetting`, `badgeSetting`, `timeSensitiveSetting`,
/// `criticalAlertSetting` and `scheduledDeliverySetting`; a setting the platform does
/// not support reads as off.
///
/// The engine reads them with the authorization at the start of each run
/// (``NotificationCenter/notificationSettings()``). With badges off it does not count
/// on the badge: it sets no app badge and no badge in content, and says so in the run's
/// report (``ReconcileReport/badgesOff``); the first run after they come back sets the
/// badge to what is outstanding. The urgency settings decide the level each reminder
/// is delivered at (`DeliveryForecast`).
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
    /// Whether time-sensitive notifications break through a scheduled summary and a
    /// Focus (on unless the user turned it off, or the app lacks the capability).
    public var timeSensitive: Bool
    /// Whether critical alerts are allowed: an Apple-approved entitlement and the user's
    /// permission (off unless both).
    public var criticalAlerts: Bool
    /// Whether the user put the app in the scheduled summary: passive and active
    /// notifications wait for the summary's next time.
    public var scheduledSummary: Bool

    public init(alert: Bool = true, sound: Bool = true, badge: Bool = true, timeSensitive: Bool = true,
                criticalAlerts: Bool = false, scheduledSummary: Bool = false) {
        self.alert = alert
        self.sound = sound
        self.badge = badge
        self.timeSensitive = timeSensitive
        self.criticalAlerts = criticalAlerts
        self.scheduledSummary = scheduledSummary
    }

    /// Everything on (critical alerts and the summary off): what a center that cannot
    /// tell reports.
    public static let allOn = NotificationSettings()

    /// `alert on, sound off, badge off`, followed by the urgency settings that differ
    /// from ``allOn``'s (`time-sensitive off`, `critical alerts on`, `scheduled summary on`).
    public var description: String {
        let switches = [("alert", alert), ("sound", sound), ("badge", badge)]
            .map { "\($0.0) \($0.1 ? "on" : "off")" }
        let urgency = [("time-sensitive", timeSensitive, true), ("critical alerts", criticalAlerts, false),
                       ("scheduled summary", scheduledSummary, false)]
            .filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1 ? "on" : "off")" }
        return (switches + urgency).joined(separator: ", ")
    }

    /// The level a notification asking for `requested` is shown at under these
    /// settings: time-sensitive without the time-sensitive setting, and critical without
    /// critical alerts, come as active ones (they break through nothing).
    ///
    /// ```swift
    /// NotificationSettings(timeSensitive: false).shownLevel(of: .timeSensitive)   // .active
    /// ```
    public func shownLevel(of requested: NotificationContent.InterruptionLevel) -> NotificationContent.InterruptionLevel {
        switch requested {
        case .timeSensitive where !timeSensitive, .critical where !criticalAlerts: .active
        default: requested
        }
    }

    private enum CodingKeys: String, CodingKey {
        case alert, sound, badge
        case timeSensitive = "time_sensitive", criticalAlerts = "critical_alerts", scheduledSummary = "scheduled_summary"
    }

    /// Reads settings saved before the urgency settings existed as ``allOn``'s.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        alert = try container.decode(Bool.self, forKey: .alert)
        sound = try container.decode(Bool.self, forKey: .sound)
        badge = try container.decode(Bool.self, forKey: .badge)
        timeSensitive = try container.decodeIfPresent(Bool.self, forKey: .timeSensitive) ?? true
        criticalAlerts = try container.decodeIfPresent(Bool.self, forKey: .criticalAlerts) ?? false
        scheduledSummary = try container.decodeIfPresent(Bool.self, forKey: .scheduledSummary) ?? false
    }
}
