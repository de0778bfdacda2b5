#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNUserNotificationCenterDelegate`. Every method is optional on
/// Apple (`@objc optional`); here each has a default that does what the platform does
/// when the delegate does not implement it (shows nothing in the foreground).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    #if !HERALD_SHIM_WATCHOS
    /// Not on watchOS.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
    #endif
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions { [] }
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
    #if !HERALD_SHIM_WATCHOS
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
    #endif
}
#endif
