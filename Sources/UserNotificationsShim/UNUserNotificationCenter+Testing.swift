#if !canImport(UserNotifications)
import Foundation

/// What tests do that only the system does on Apple platforms: make a center, move its
/// time, read the badge, and play the user (answer the permission prompt, see a
/// notification in the foreground, respond to one).
extension UNUserNotificationCenter {
    /// A freshly installed app's center: nothing pending or delivered, authorization
    /// not determined; `userAnswer` is what the user will answer when asked. By default
    /// its read-backs are stale as iOS's are (``ShimReadBack/stale``).
    @_spi(Testing)
    public static func makeForTesting(
        now: Date, timeZone: TimeZone, userAnswer: ShimAuthorizationAnswer = .grant,
        dropRule: ShimPendingDropRule = .keepSoonest, readBack: ShimReadBack = .stale
    ) -> UNUserNotificationCenter {
        UNUserNotificationCenter(now: now, timeZone: timeZone, userAnswer: userAnswer, dropRule: dropRule,
                                 readBack: readBack)
    }

    /// The system catches up: every queued removal and category set is applied, in the
    /// order they were made, and reads show the result.
    @_spi(Testing)
    public func settleForTesting() {
        withState { $0.settle() }
    }

    /// How many changes wait for the system to settle.
    @_spi(Testing)
    public var queuedChangeCountForTesting: Int { withState { $0.queued.count } }

    /// The first value of `userInfo` that is not a property-list type, with its key
    /// path, as `add` would trap on it; `nil` when every value is one.
    @_spi(Testing)
    public static func propertyListViolationForTesting(in userInfo: [AnyHashable: Any]) -> String? {
        ShimPropertyList.violation(in: userInfo)
    }

    /// The center's current instant.
    @_spi(Testing)
    public var nowForTesting: Date { withState { $0.now } }

    /// The app badge, as the system shows it.
    @_spi(Testing)
    public var badgeForTesting: Int { withState { $0.badge } }

    /// What the user sees in Notification Center: every delivered notification, those a
    /// location trigger fired included (``deliveredNotifications()`` leaves them out).
    @_spi(Testing)
    public var notificationListForTesting: [UNNotification] { withState { $0.delivered } }

    /// Sets the authorization status directly, as if the user changed it in Settings.
    @_spi(Testing)
    public func setAuthorizationStatusForTesting(_ status: UNAuthorizationStatus) {
        withState { $0.authorizationStatus = status }
    }

    /// Sets the app's alert, sound and badge switches directly, as if the user changed
    /// them in Settings; `notificationSettings()` reports them.
    @_spi(Testing)
    public func setNotificationSettingsForTesting(
        alert: UNNotificationSetting = .enabled, sound: UNNotificationSetting = .enabled,
        badge: UNNotificationSetting = .enabled, timeSensitive: UNNotificationSetting = .notSupported,
        criticalAlert: UNNotificationSetting = .notSupported, scheduledDelivery: UNNotificationSetting = .disabled
    ) {
        withState { state in
            state.alertSetting = alert
            state.soundSetting = sound
            state.badgeSetting = badge
            state.timeSensitiveSetting = timeSensitive
            state.criticalAlertSetting = criticalAlert
            state.scheduledDeliverySetting = scheduledDelivery
        }
    }

    /// Moves time forward, delivering what falls due in order of fire date, then of
    /// addition; each delivery sets the current instant to its date.
    ///
    /// - Returns: the notifications delivered (also those not shown for lack of
    ///   authorization are left out).
    @_spi(Testing)
    @discardableResult
    public func advanceForTesting(by seconds: TimeInterval) -> [UNNotification] {
        withState { $0.advance(to: $0.now.addingTimeInterval(seconds)) }
    }

    /// Delivers `request` now, as if its trigger fired, whether or not it is pending.
    @_spi(Testing)
    @discardableResult
    public func deliverForTesting(_ request: UNNotificationRequest) -> UNNotification {
        withState { state in
            let notification = UNNotification(date: state.now, request: request)
            state.record(notification)
            return notification
        }
    }

    /// The system asks the delegate how to show a notification that arrives while the
    /// app is in the foreground (the delegate's `willPresent`).
    @_spi(Testing)
    public func presentForTesting(_ notification: UNNotification) async -> UNNotificationPresentationOptions {
        guard let delegate else { return [] }
        return await delegate.userNotificationCenter(self, willPresent: notification)
    }

    /// The user responded to `notification` (a tap is
    /// `UNNotificationDefaultActionIdentifier`); the delegate's `didReceive` is called.
    /// A `userText` makes a `UNTextInputNotificationResponse`.
    @_spi(Testing)
    public func respondForTesting(
        to notification: UNNotification, actionIdentifier: String = UNNotificationDefaultActionIdentifier,
        userText: String? = nil
    ) async {
        let response: UNNotificationResponse = if let userText {
            UNTextInputNotificationResponse(notification: notification, actionIdentifier: actionIdentifier, userText: userText)
        } else {
            UNNotificationResponse(notification: notification, actionIdentifier: actionIdentifier)
        }
        await delegate?.userNotificationCenter(self, didReceive: response)
    }

    #if !HERALD_SHIM_WATCHOS
    /// The user opened the app's notification settings from the system (not on watchOS).
    /// As on iOS the delegate is called only if the app requested
    /// `.providesAppNotificationSettings`; otherwise the system offers no link to it.
    @_spi(Testing)
    public func openSettingsForTesting(_ notification: UNNotification?) {
        guard withState({ $0.providesAppNotificationSettings }) else { return }
        delegate?.userNotificationCenter(self, openSettingsFor: notification)
    }
    #endif
}

/// What the scripted user answers the permission prompt.
@_spi(Testing)
public enum ShimAuthorizationAnswer: Sendable {
    case grant
    case deny
}

/// When the changes iOS applies on its own queue become visible to reads.
@_spi(Testing)
public enum ShimReadBack: Sendable, CaseIterable {
    /// As iOS: removals and category sets are queued; reads show the state from before
    /// until ``UNUserNotificationCenter/settleForTesting()`` (or an `add`, which is
    /// applied after them).
    case stale
    /// Kinder than iOS: every change is visible to the next read.
    case immediate
}

/// Which pending requests survive above the 64 the system keeps: not reliable across
/// OS versions (old documentation: the soonest; field reports: the last added).
@_spi(Testing)
public enum ShimPendingDropRule: Sendable, CaseIterable {
    case keepSoonest
    case keepLastAdded
}
#endif
