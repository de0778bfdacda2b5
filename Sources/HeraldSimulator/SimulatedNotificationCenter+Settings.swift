import Herald

extension SimulatedNotificationCenter {
    /// The user's alert, sound and badge switches for the app (everything on unless
    /// changed with ``setNotificationSettings(_:)``).
    public func notificationSettings() async -> NotificationSettings {
        settings
    }

    /// The authorization and the switches, in one call.
    public func permission() async -> (status: AuthorizationStatus, settings: NotificationSettings) {
        (authorization, settings)
    }

    /// The user changes the app's alert, sound or badge switch in Settings. From the
    /// next delivery on: with alerts off no banner is shown (the notification still goes
    /// to the list), with sounds off none is played, with badges off no delivery sets the
    /// badge and the icon shows none (``displayedBadge``), while ``badgeCount`` keeps the
    /// number the app last set.
    ///
    /// ```swift
    /// await center.setNotificationSettings(NotificationSettings(badge: false))
    /// try await center.setBadgeCount(3)
    /// #expect(await center.badgeCount == 3)       // kept
    /// #expect(await center.displayedBadge == 0)   // not shown
    /// ```
    public func setNotificationSettings(_ settings: NotificationSettings) {
        self.settings = settings
        // The summary's switch is the summary's own (``setScheduledSummary(_:)``).
        self.settings.scheduledSummary = summaryTimes != nil
    }

    /// The badge the user sees on the app icon: ``badgeCount`` while badges are on, `0`
    /// (none) while they are off.
    public var displayedBadge: Int {
        settings.badge ? badgeCount : 0
    }

    /// What the settings leave of the options a delivery was presented with
    /// (``NotificationPresentation/applying(_:)``).
    func allowedBySettings(_ options: PresentationOptions) -> PresentationOptions {
        NotificationPresentation(options: options).applying(settings).options
    }
}
