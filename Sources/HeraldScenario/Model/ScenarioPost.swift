import Herald

/// A `post` event: the app posts an immediate notification (an achievement unlocked,
/// a result imported). It takes a reserve slot, carries no badge, and is delivered at
/// once.
///
/// ```yaml
/// - at: 2026-11-21T12:00
///   post: {entity: achievement/first-week, name: unlocked, title: First week!, category: achievement}
/// ```
package struct ScenarioPost: Hashable, Sendable {
    /// What it is about (`achievement/first-week`; a plain id is in the `event` namespace).
    package var entity: EntityReference
    /// What happened: the identifier's rule part (default `posted`).
    package var name: String
    /// Makes the identifier unique; posting the same token again replaces it (default:
    /// the event's local date-time).
    package var token: String
    package var title: String
    package var body: String
    /// The category's id, or `nil` for none.
    package var category: String?

    package init(entity: EntityReference, name: String = "posted", token: String, title: String, body: String = "",
                category: String? = nil) {
        self.entity = entity
        self.name = name
        self.token = token
        self.title = title
        self.body = body
        self.category = category
    }

    /// The namespace of posted entities that do not name one.
    package static let defaultNamespace = "event"

    /// Herald's event.
    package func immediateEvent() throws(DeclarationError) -> ImmediateEvent {
        try ImmediateEvent(entity: entity, name: name, token: token,
                       content: NotificationContent(title: title, body: body, categoryIdentifier: category ?? ""))
    }
}
