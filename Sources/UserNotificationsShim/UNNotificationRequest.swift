#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationRequest`: an identifier, content (copied, so
/// later changes to a mutable content do not reach the request) and an optional
/// trigger (`nil` delivers at once).
///
/// ```swift
/// let request = UNNotificationRequest(identifier: "water", content: content, trigger: trigger)
/// try await UNUserNotificationCenter.current().add(request)
/// ```
open class UNNotificationRequest: NSObject {
    open private(set) var identifier: String
    open private(set) var content: UNNotificationContent
    open private(set) var trigger: UNNotificationTrigger?

    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(storingIdentifier: identifier, content: content, trigger: trigger)
    }

    init(storingIdentifier identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.frozenCopy()
        self.trigger = trigger
        super.init()
    }
}
#endif
