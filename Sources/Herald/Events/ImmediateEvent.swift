import Foundation

/// An app-triggered notification: an achievement unlocked, a result imported, a test
/// notification. It lives in the reserve, behind snoozes and ahead of reminders (see
/// `Planner`); ``Engine/post(_:)`` refuses it when events and snoozes fill the
/// reserve already, so events never push planned reminders out. It carries no badge.
///
/// ```swift
/// try await engine.post(try ImmediateEvent(
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

    /// - Throws: ``DeclarationError`` when a part of its identity is empty or too long,
    ///   its `userInfo` holds a number that is not finite or is too large with Herald's
    ///   payload, or `delay` is negative or not finite.
    public init(entity: EntityReference, name: String, token: String, content: NotificationContent,
                delay: TimeInterval = 0) throws(DeclarationError) {
        self.entity = entity
        self.name = name
        self.token = token
        self.content = content
        self.delay = delay
        try validate()
    }

    /// Checks what ``init(entity:name:token:content:delay:)`` checks, again: the
    /// properties are mutable, so ``Engine/post(_:)`` checks before it keeps the event.
    public func validate() throws(DeclarationError) {
        let owner = "event \(entity)/\(name)/\(token)"
        try Declaration.checkEntity(entity, of: owner)
        try Declaration.checkParts([("event name", name), ("token", token)], of: owner)
        try Declaration.checkDuration(delay, "delay", of: owner)
        try Declaration.checkUserInfo(HeraldPayload(identifier: identifier).userInfo(merging: content.userInfo), of: owner)
    }

    public var identifier: NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: name, occurrence: OccurrenceKey(rawValue: token), kind: .event)
    }
}
