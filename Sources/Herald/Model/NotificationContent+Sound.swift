extension NotificationContent {
    /// The sound a notification plays when it is presented.
    ///
    /// ```swift
    /// content.sound = .default
    /// content.sound = .named("chime.caf")
    /// ```
    public enum Sound: Hashable, Sendable, Codable {
        /// The system's default notification sound.
        case `default`
        /// The default sound for critical alerts, which plays even when the device is muted.
        case defaultCritical
        /// A sound file in the app's bundle.
        case named(String)
    }
}
