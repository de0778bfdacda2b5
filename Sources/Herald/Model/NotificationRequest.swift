/// A notification to schedule: identifier, content and trigger, mirroring
/// `UNNotificationRequest`.
///
/// Adding a request whose identifier is already pending replaces it. A `nil` trigger
/// delivers at once.
///
/// ```swift
/// let request = NotificationRequest(
///     identifier: "custom-1",
///     content: NotificationContent(title: "Stretch"),
///     trigger: .timeInterval(600, repeats: false)
/// )
/// ```
public struct NotificationRequest: Hashable, Sendable, Codable {
    public var identifier: String
    public var content: NotificationContent
    public var trigger: NotificationTrigger?

    public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }

    /// The parsed Herald identity, or `nil` when the request is not Herald's.
    public var heraldIdentifier: NotificationIdentifier? {
        NotificationIdentifier(parsing: identifier)
    }
}
