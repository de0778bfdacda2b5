import Herald

extension SimulatedDevice {
    /// The user changes the app's notification permission in Settings.
    ///
    /// The app gets no dedicated callback, as on iOS: it learns the new status when it
    /// next becomes active or launches. When it is in the foreground, the user leaves it
    /// for Settings (`didEnterBackground()`) and comes back (`didBecomeActive()`); when
    /// it is in the background or not running, only the status changes.
    ///
    /// ```swift
    /// try await device.launch()
    /// await device.setAuthorization(.authorized)   // entered background, authorization authorized, became active
    /// ```
    @discardableResult
    public func setAuthorization(_ status: AuthorizationStatus) async -> UserActionOutcome {
        await inSettings {
            await center.setAuthorizationStatus(status)
            record(.authorizationChanged(status))
        }
    }
}

extension SimulatedDevice {
    /// The user turns the app's alerts, sounds or badges on or off in Settings, while
    /// notifications stay authorized (``SimulatedNotificationCenter/setNotificationSettings(_:)``).
    ///
    /// As with ``setAuthorization(_:)``, the app learns of it when it next becomes active
    /// or launches: when it is in the foreground, the user leaves it for Settings and
    /// comes back.
    ///
    /// ```swift
    /// try await device.launch()
    /// await device.setNotificationSettings(NotificationSettings(badge: false))
    /// #expect(await device.center.displayedBadge == 0)
    /// ```
    @discardableResult
    public func setNotificationSettings(_ settings: NotificationSettings) async -> UserActionOutcome {
        await inSettings {
            await center.setNotificationSettings(settings)
            record(.settingsChanged(settings))
        }
    }
}

extension SimulatedDevice {
    /// The user changes the app's location access in Settings
    /// (``SimulatedNotificationCenter/setLocationAccess(_:)``).
    ///
    /// As with ``setAuthorization(_:)``, when the app is in the foreground the user
    /// leaves it for Settings and comes back; an app reads the access when it launches
    /// or becomes active (Core Location calls its delegate's
    /// `locationManagerDidChangeAuthorization(_:)` then) and tells Herald
    /// (`Engine.locationAccessChanged(_:)`).
    ///
    /// ```swift
    /// await device.setLocationAccess(.whenInUse)
    /// #expect(await device.center.locationAccess == .whenInUse)   // waypoints' crossings are no longer reported
    /// ```
    @discardableResult
    public func setLocationAccess(_ access: LocationAccess) async -> UserActionOutcome {
        await inSettings {
            await center.setLocationAccess(access)
            record(.locationAccessChanged(access))
        }
    }
}

extension SimulatedDevice {
    /// The user puts the app in the scheduled summary at these times, or takes it out
    /// (`nil`), in Settings (``SimulatedNotificationCenter/setScheduledSummary(_:)``): an
    /// app in the foreground leaves for Settings and comes back.
    ///
    /// ```swift
    /// await device.setScheduledSummary([LocalTime(hour: 8), LocalTime(hour: 18)])
    /// ```
    @discardableResult
    public func setScheduledSummary(_ times: [LocalTime]?) async -> UserActionOutcome {
        await inSettings {
            await center.setScheduledSummary(times)
            record(.settingsChanged(await center.notificationSettings()))
        }
    }
}

extension SimulatedDevice {
    /// The user changes something in Settings: an app in the foreground leaves for
    /// Settings (`didEnterBackground()`) and comes back (`didBecomeActive()`), where it
    /// reads what changed; in the background or not running, only `change` happens.
    func inSettings(_ change: () async -> Void) async -> UserActionOutcome {
        await outcome {
            let wasInForeground = appState == .foreground
            if wasInForeground { await enterBackground() }
            await change()
            if wasInForeground { await becomeActive() }
        }
    }
}
