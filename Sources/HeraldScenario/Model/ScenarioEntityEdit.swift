import Herald

/// An `edit` event: the app saved an entity, changing its title, its rules or both. An
/// edit of an entity that does not exist yet creates it (the app added it).
///
/// ```yaml
/// - at: 2026-11-21T12:00
///   edit: {id: water, rules: [{id: sips, daily: ["13:00"]}]}
/// ```
package struct ScenarioEntityEdit: Hashable, Sendable {
    package var entity: EntityReference
    /// The new title; `nil` keeps the old one (or uses the id for a new entity).
    package var title: String?
    /// The entity's new rules, replacing all of them; `nil` keeps the old ones.
    package var rules: [ScenarioRule]?

    package init(entity: EntityReference, title: String? = nil, rules: [ScenarioRule]? = nil) {
        self.entity = entity
        self.title = title
        self.rules = rules
    }
}
