#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNUserNotificationCenterDelegate`. Every method is optional on
/// Apple (`@objc optional`); here each has a default that does what the platform does
/// when the delegate does not implement it (shows nothing in the foreground).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    /// The completion-handler forms: on Apple platforms the Objective-C methods the
    /// `async` forms are imported from, so a forwarding delegate calls these. Their
    /// defaults answer through the `async` forms, as the runtime does for a Swift
    /// delegate that implements only those.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    #if !HERALD_SHIM_WATCHOS
    /// Not on watchOS.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
    #endif
}

extension UNUserNotificationCenterDelegate {
    /// The completion-handler form of `willPresent`: on Apple platforms it is the
    /// Objective-C method itself, and a Swift delegate that implements the `async` form
    /// answers through it. Here it bridges to the `async` form the same way.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        // The Objective-C runtime hands these objects across threads the same way.
        nonisolated(unsafe) let delegate: any UNUserNotificationCenterDelegate = self
        nonisolated(unsafe) let center = center
        nonisolated(unsafe) let notification = notification
        Task { completionHandler(await delegate.userNotificationCenter(center, willPresent: notification)) }
    }

    /// The completion-handler form of `didReceive`, bridged to the `async` form.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        nonisolated(unsafe) let delegate: any UNUserNotificationCenterDelegate = self
        nonisolated(unsafe) let center = center
        nonisolated(unsafe) let response = response
        Task {
            await delegate.userNotificationCenter(center, didReceive: response)
            completionHandler()
        }
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions { [] }
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
    #if !HERALD_SHIM_WATCHOS
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
    #endif
}
#endif
