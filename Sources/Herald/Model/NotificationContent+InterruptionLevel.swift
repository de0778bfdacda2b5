extension NotificationContent {
    /// How urgently a notification may interrupt the user, mirroring
    /// `UNNotificationInterruptionLevel`.
    public enum InterruptionLevel: String, Hashable, Sendable, Codable, CaseIterable {
        /// Added to the list quietly, without lighting the screen or playing a sound.
        case passive
        /// Presented at once, lighting the screen and playing a sound (the default).
        case active
        /// Presented at once and allowed through Focus and scheduled summaries.
        case timeSensitive
        /// Presented at once, bypassing the mute switch; needs an entitlement.
        case critical
    }
}
