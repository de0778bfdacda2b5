import Foundation

/// An app-triggered notification: an achievement unlocked, a result imported, a test
/// notification. It uses the reserve, so it never pushes planned reminders out of the
/// budget, and it carries no badge.
///
/// ```swift
/// try await engine.post(ImmediateEvent(
///     entity: EntityReference(namespace: "achievement", id: "streak-30"), name: "unlocked",
///     token: "streak-30", content: NotificationContent(title: "30-day streak!", categoryIdentifier: "achievement")))
/// ```
public struct ImmediateEvent: Hashable, Sendable {
    public var entity: EntityReference
    /// What happened (`unlocked`, `imported`, `test`): the identifier's rule part.
    public var name: String
    /// Makes this event's identifier unique; posting the same token again replaces it.
    public var token: String
    public var content: NotificationContent
    /// Seconds from now; 0 delivers at once.
    public var delay: TimeInterval

    public init(entity: EntityReference, name: String, token: String, content: NotificationContent, delay: TimeInterval = 0) {
        self.entity = entity
        self.name = name
        self.token = token
        self.content = content
        self.delay = delay
    }

    public var identifier: NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: name, occurrence: OccurrenceKey(rawValue: token), kind: .event)
    }
}
