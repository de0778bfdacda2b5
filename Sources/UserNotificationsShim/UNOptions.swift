#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationCategoryOptions`.
public struct UNNotificationCategoryOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1)
    #if !HERALD_SHIM_MACOS
    /// Not on macOS.
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 2)
    #endif
    #if !HERALD_SHIM_WATCHOS
    /// Not on watchOS.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 4)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 8)
    #endif
}

/// Linux stand-in for `UNNotificationActionOptions`.
public struct UNNotificationActionOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1)
    public static let destructive = UNNotificationActionOptions(rawValue: 2)
    public static let foreground = UNNotificationActionOptions(rawValue: 4)
}

/// Linux stand-in for `UNNotificationPresentationOptions` (the deprecated `alert` is
/// left out).
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1)
    public static let sound = UNNotificationPresentationOptions(rawValue: 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 8)
    public static let banner = UNNotificationPresentationOptions(rawValue: 16)
}

/// Linux stand-in for `UNAuthorizationOptions`.
public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1)
    public static let sound = UNAuthorizationOptions(rawValue: 2)
    public static let alert = UNAuthorizationOptions(rawValue: 4)
    public static let carPlay = UNAuthorizationOptions(rawValue: 8)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 16)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 32)
    public static let provisional = UNAuthorizationOptions(rawValue: 64)
}

/// Linux stand-in for `UNAuthorizationStatus`.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, denied = 1, authorized = 2, provisional = 3, ephemeral = 4
}

/// Linux stand-in for `UNNotificationInterruptionLevel`.
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    case passive = 0, active = 1, timeSensitive = 2, critical = 3
}
#endif
