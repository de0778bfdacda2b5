/// The user's answer to a delivered notification, mirroring `UNNotificationResponse`
/// and `UNTextInputNotificationResponse`: which notification, which action, and any
/// text typed.
///
/// ```swift
/// let tap = NotificationResponse(notification: delivered, actionIdentifier: NotificationResponse.defaultActionIdentifier)
/// let snooze = NotificationResponse(notification: delivered, actionIdentifier: "snooze-5")
/// let note = NotificationResponse(notification: delivered, actionIdentifier: "note", userText: "felt great")
/// ```
public struct NotificationResponse: Hashable, Sendable, Codable {
    /// The user tapped the notification itself (`UNNotificationDefaultActionIdentifier`).
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// The user dismissed it; reported only for categories with a custom dismiss action
    /// (`UNNotificationDismissActionIdentifier`).
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    public var notification: DeliveredNotification
    public var actionIdentifier: String
    /// The text typed into a text-input action.
    public var userText: String?

    public init(notification: DeliveredNotification, actionIdentifier: String, userText: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }

    /// A stable identity: the same response arriving twice has the same one.
    public var responseID: String {
        "\(notification.request.identifier)|\(notification.date.timeIntervalSince1970)|\(actionIdentifier)"
    }
}
