#if !canImport(UserNotifications)
import Foundation

/// The action the user chose on a notification that was not a button: the tap.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
/// The user dismissed the notification; reported only for categories with
/// `.customDismissAction`.
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// Linux stand-in for `UNNotificationResponse`: which action the user chose on a
/// delivered notification. Apple gives it no public initializer.
open class UNNotificationResponse: NSObject {
    open private(set) var notification: UNNotification
    open private(set) var actionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    /// A response for tests; a `userText` makes a ``UNTextInputNotificationResponse``.
    @_spi(Testing)
    public static func makeForTesting(
        notification: UNNotification, actionIdentifier: String, userText: String? = nil
    ) -> UNNotificationResponse {
        if let userText {
            return UNTextInputNotificationResponse(notification: notification, actionIdentifier: actionIdentifier, userText: userText)
        }
        return UNNotificationResponse(notification: notification, actionIdentifier: actionIdentifier)
    }
}

/// Linux stand-in for `UNTextInputNotificationResponse`: the text the user typed.
open class UNTextInputNotificationResponse: UNNotificationResponse {
    open private(set) var userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}
#endif
