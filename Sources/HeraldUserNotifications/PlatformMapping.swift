#if !os(tvOS)
import Foundation
import Herald
#if canImport(UserNotifications)
import UserNotifications
#else
import UserNotificationsShim
#endif
#if canImport(CoreLocation)
import CoreLocation
#else
import CoreLocationShim
#endif

/// Herald's model to the platform's and back. Each mapping is the exact inverse of the
/// other for everything Herald writes, so what Herald adds reads back equal.
enum PlatformMapping {
    // MARK: Requests

    static func platformRequest(_ request: NotificationRequest) throws(NotificationCenterError) -> UNNotificationRequest {
        let trigger = try request.trigger.map(platformTrigger)
        return UNNotificationRequest(identifier: request.identifier, content: platformContent(request.content), trigger: trigger)
    }

    static func request(_ request: UNNotificationRequest) -> NotificationRequest {
        NotificationRequest(identifier: request.identifier, content: content(request.content), trigger: request.trigger.flatMap(trigger))
    }

    static func delivered(_ notification: UNNotification) -> DeliveredNotification {
        DeliveredNotification(request: request(notification.request), date: notification.date)
    }

    static func response(_ response: UNNotificationResponse) -> NotificationResponse {
        NotificationResponse(
            notification: delivered(response.notification), actionIdentifier: response.actionIdentifier,
            userText: (response as? UNTextInputNotificationResponse)?.userText
        )
    }

    // MARK: Content

    static func platformContent(_ content: NotificationContent) -> UNMutableNotificationContent {
        let platform = UNMutableNotificationContent()
        platform.title = content.title
        platform.subtitle = content.subtitle
        platform.body = content.body
        platform.categoryIdentifier = content.categoryIdentifier
        platform.threadIdentifier = content.threadIdentifier
        platform.badge = content.badge.map { NSNumber(value: $0) }
        platform.interruptionLevel = platformLevel(content.interruptionLevel)
        platform.relevanceScore = content.relevanceScore
        platform.targetContentIdentifier = content.targetContentIdentifier
        var userInfo = UserInfoCoding.platformUserInfo(content.userInfo)
        switch content.sound {
        case nil:
            platform.sound = nil
        case .default:
            platform.sound = .default
        case .defaultCritical:
            // The critical sound needs an entitlement and is not part of the API the
            // adapter targets: the default sound plays, and the choice is kept.
            platform.sound = .default
            userInfo[UserInfoCoding.soundKey] = "defaultCritical"
        case .named(let name):
            #if !os(watchOS) && !HERALD_SHIM_WATCHOS
            platform.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            #else
            // watchOS has no custom sounds: the default one plays, and the choice is kept.
            platform.sound = .default
            #endif
            userInfo[UserInfoCoding.soundKey] = "named:" + name
        }
        platform.userInfo = userInfo
        return platform
    }

    static func content(_ platform: UNNotificationContent) -> NotificationContent {
        let (userInfo, soundMark) = UserInfoCoding.userInfo(platform.userInfo)
        let sound: NotificationContent.Sound? = switch (platform.sound, soundMark) {
        case (nil, _): nil
        case (_, "defaultCritical"?): .defaultCritical
        case (_, let mark?) where mark.hasPrefix("named:"): .named(String(mark.dropFirst("named:".count)))
        default: .default
        }
        return NotificationContent(
            title: platform.title, subtitle: platform.subtitle, body: platform.body, sound: sound,
            badge: platform.badge?.intValue, categoryIdentifier: platform.categoryIdentifier,
            threadIdentifier: platform.threadIdentifier, interruptionLevel: level(platform.interruptionLevel),
            relevanceScore: platform.relevanceScore, targetContentIdentifier: platform.targetContentIdentifier,
            userInfo: userInfo
        )
    }

    static func platformLevel(_ level: NotificationContent.InterruptionLevel) -> UNNotificationInterruptionLevel {
        switch level {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        }
    }

    static func level(_ level: UNNotificationInterruptionLevel) -> NotificationContent.InterruptionLevel {
        switch level.rawValue {
        case 0: .passive
        case 2: .timeSensitive
        case 3: .critical
        default: .active
        }
    }

    // MARK: Triggers

    static func platformTrigger(_ trigger: NotificationTrigger) throws(NotificationCenterError) -> UNNotificationTrigger {
        switch trigger {
        case .calendar(let calendar):
            return UNCalendarNotificationTrigger(dateMatching: calendar.dateComponents, repeats: calendar.repeats)
        case .timeInterval(let interval, let repeats):
            guard interval.isFinite, interval > 0 else {
                throw .invalidTrigger("A time-interval trigger needs a positive interval, got \(interval) s; use a nil trigger to deliver at once.")
            }
            guard !repeats || interval >= 60 else {
                throw .invalidTrigger("A repeating time-interval trigger needs at least 60 s, got \(interval) s; use a calendar trigger or a longer interval.")
            }
            return UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
        case .location(let region, let repeats):
            #if (os(iOS) && !targetEnvironment(macCatalyst)) || os(watchOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_MACCATALYST && !HERALD_SHIM_VISIONOS)
            let platform = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: region.latitude, longitude: region.longitude),
                radius: region.radius, identifier: region.identifier)
            platform.notifyOnEntry = region.notifyOnEntry
            platform.notifyOnExit = region.notifyOnExit
            return UNLocationNotificationTrigger(region: platform, repeats: repeats)
            #else
            throw NotificationCenterError(
                code: .unsupportedTrigger,
                message: "Location triggers (region \(region.identifier)) exist on iOS and watchOS only; this platform (macOS, Mac Catalyst or visionOS) has no UNLocationNotificationTrigger."
            )
            #endif
        }
    }

    static func trigger(_ trigger: UNNotificationTrigger) -> NotificationTrigger? {
        switch trigger {
        case let calendar as UNCalendarNotificationTrigger:
            let components = calendar.dateComponents
            return .calendar(CalendarTrigger(
                year: components.year, month: components.month, day: components.day, hour: components.hour,
                minute: components.minute, second: components.second, weekday: components.weekday,
                repeats: calendar.repeats, timeZone: components.timeZone
            ))
        case let interval as UNTimeIntervalNotificationTrigger:
            return .timeInterval(interval.timeInterval, repeats: interval.repeats)
        #if (os(iOS) && !targetEnvironment(macCatalyst)) || os(watchOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_MACCATALYST && !HERALD_SHIM_VISIONOS)
        case let location as UNLocationNotificationTrigger:
            guard let circle = location.region as? CLCircularRegion else { return nil }
            return .location(LocationRegion(
                identifier: circle.identifier, latitude: circle.center.latitude, longitude: circle.center.longitude,
                radius: circle.radius, notifyOnEntry: circle.notifyOnEntry, notifyOnExit: circle.notifyOnExit),
                repeats: location.repeats)
        #endif
        default:
            return nil
        }
    }

    // MARK: Categories

    static func platformCategory(_ category: NotificationCategory) -> UNNotificationCategory {
        var options: UNNotificationCategoryOptions = []
        if category.options.contains(.customDismissAction) { options.insert(.customDismissAction) }
        #if !os(macOS) && !HERALD_SHIM_MACOS
        if category.options.contains(.allowInCarPlay) { options.insert(.allowInCarPlay) }
        #endif
        #if !os(watchOS) && !HERALD_SHIM_WATCHOS
        if category.options.contains(.hiddenPreviewsShowTitle) { options.insert(.hiddenPreviewsShowTitle) }
        if category.options.contains(.hiddenPreviewsShowSubtitle) { options.insert(.hiddenPreviewsShowSubtitle) }
        #endif
        return UNNotificationCategory(
            identifier: category.identifier, actions: category.actions.map(platformAction), intentIdentifiers: [],
            options: options
        )
    }

    static func category(_ platform: UNNotificationCategory) -> NotificationCategory {
        var options: NotificationCategory.Options = []
        if platform.options.contains(.customDismissAction) { options.insert(.customDismissAction) }
        #if !os(macOS) && !HERALD_SHIM_MACOS
        if platform.options.contains(.allowInCarPlay) { options.insert(.allowInCarPlay) }
        #endif
        #if !os(watchOS) && !HERALD_SHIM_WATCHOS
        if platform.options.contains(.hiddenPreviewsShowTitle) { options.insert(.hiddenPreviewsShowTitle) }
        if platform.options.contains(.hiddenPreviewsShowSubtitle) { options.insert(.hiddenPreviewsShowSubtitle) }
        #endif
        return NotificationCategory(identifier: platform.identifier, actions: platform.actions.map(action), options: options)
    }

    static func platformAction(_ action: NotificationAction) -> UNNotificationAction {
        var options: UNNotificationActionOptions = []
        if action.options.contains(.foreground) { options.insert(.foreground) }
        if action.options.contains(.destructive) { options.insert(.destructive) }
        if action.options.contains(.authenticationRequired) { options.insert(.authenticationRequired) }
        if let input = action.textInput {
            return UNTextInputNotificationAction(
                identifier: action.identifier, title: action.title, options: options,
                textInputButtonTitle: input.buttonTitle, textInputPlaceholder: input.placeholder
            )
        }
        return UNNotificationAction(identifier: action.identifier, title: action.title, options: options)
    }

    static func action(_ platform: UNNotificationAction) -> NotificationAction {
        var options: NotificationAction.Options = []
        if platform.options.contains(.foreground) { options.insert(.foreground) }
        if platform.options.contains(.destructive) { options.insert(.destructive) }
        if platform.options.contains(.authenticationRequired) { options.insert(.authenticationRequired) }
        let input = (platform as? UNTextInputNotificationAction).map {
            NotificationAction.TextInput(buttonTitle: $0.textInputButtonTitle, placeholder: $0.textInputPlaceholder)
        }
        return NotificationAction(identifier: platform.identifier, title: platform.title, options: options, textInput: input)
    }

    // MARK: Authorization, presentation, errors

    static func status(_ status: UNAuthorizationStatus) -> AuthorizationStatus {
        switch status.rawValue {
        case 1: .denied
        case 2: .authorized
        case 3: .provisional
        case 4: .ephemeral
        default: .notDetermined
        }
    }

    /// The user's switches: `enabled` is on; `disabled` and `notSupported` are off.
    /// The user's switches and urgency settings; a setting the platform reports as
    /// `notSupported` (the badge on watchOS, time-sensitive without the capability,
    /// critical alerts without the entitlement) reads as off.
    static func settings(_ settings: UNNotificationSettings) -> NotificationSettings {
        NotificationSettings(alert: settings.alertSetting == .enabled, sound: settings.soundSetting == .enabled,
                             badge: settings.badgeSetting == .enabled,
                             timeSensitive: settings.timeSensitiveSetting == .enabled,
                             criticalAlerts: settings.criticalAlertSetting == .enabled,
                             scheduledSummary: settings.scheduledDeliverySetting == .enabled)
    }

    /// Herald's `timeSensitive` has no authorization option on current OS versions (it
    /// comes from an entitlement) and is not passed on.
    static func platformOptions(_ options: AuthorizationOptions) -> UNAuthorizationOptions {
        var platform: UNAuthorizationOptions = []
        if options.contains(.badge) { platform.insert(.badge) }
        if options.contains(.sound) { platform.insert(.sound) }
        if options.contains(.alert) { platform.insert(.alert) }
        if options.contains(.provisional) { platform.insert(.provisional) }
        #if !os(watchOS) && !HERALD_SHIM_WATCHOS
        if options.contains(.providesAppNotificationSettings) { platform.insert(.providesAppNotificationSettings) }
        #endif
        return platform
    }

    static func platformPresentation(_ options: PresentationOptions) -> UNNotificationPresentationOptions {
        var platform: UNNotificationPresentationOptions = []
        if options.contains(.banner) { platform.insert(.banner) }
        if options.contains(.list) { platform.insert(.list) }
        if options.contains(.sound) { platform.insert(.sound) }
        if options.contains(.badge) { platform.insert(.badge) }
        return platform
    }

    static func error(_ error: any Error, code: NotificationCenterError.Code, doing what: String) -> NotificationCenterError {
        if let error = error as? NotificationCenterError { return error }
        if let platform = error as? UNError {
            return NotificationCenterError(
                code: code, message: "The system refused \(what): UNError \(platform.code.rawValue) (\(platform.code)).",
                platformCode: platform.code.rawValue
            )
        }
        return NotificationCenterError(code: code, message: "The system refused \(what): \(error).")
    }
}
#endif
