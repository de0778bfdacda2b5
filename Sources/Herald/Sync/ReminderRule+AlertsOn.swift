import Foundation

extension ReminderRule {
    /// Which of the user's devices schedule a rule, and so where it alerts.
    ///
    /// An iPhone app's notification alerts on the iPhone while it is in use, otherwise on
    /// the paired Apple Watch when it is worn and unlocked (the system forwards it), and a
    /// dismissal on the Watch dismisses it on the iPhone. A watch app's notification
    /// stays on the Watch. An iPad and a Mac are devices of their own.
    public enum AlertsOn: String, Hashable, Sendable, Codable, CaseIterable {
        /// The iPhone app schedules it, and only the iPhone app: it alerts once, on the
        /// iPhone or forwarded to a worn Watch. The watch, iPad and Mac apps schedule
        /// nothing for it (an app whose users may own only an iPad or a Mac gives those
        /// devices ``each`` as their default, ``HeraldSync/alertsOn``).
        case phone
        /// The watch app schedules it, and only the watch app.
        case watch
        /// Every device's app schedules it, under the same identifier: it alerts on each
        /// device, and a worn Watch may alert for both its own and the iPhone's copy.
        case each
    }

    /// This rule scheduled on `devices` (``AlertsOn``) whatever the app's default.
    ///
    /// ```swift
    /// let stand = try ReminderRule(entity: breaks, id: "hourly", schedule: hourly).alerting(on: .watch)
    /// ```
    public func alerting(on devices: AlertsOn) -> ReminderRule {
        var rule = self
        rule.alertsOn = devices
        return rule
    }
}
