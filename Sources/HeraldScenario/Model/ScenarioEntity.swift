import Herald

/// Something the simulated app reminds about (a habit, a goal): a title and its rules.
///
/// ```yaml
/// entities:
///   - id: water
///     title: Drink water
///     rules:
///       - {id: sips, every_minutes: {minutes: 90, from: "09:00", to: "18:00"}}
///     vacation: [{from: 2026-12-20, to: 2027-01-03}]   # every rule rests then
/// ```
///
/// ```swift
/// let water = ScenarioEntity(id: "water", title: "Drink water", rules: [sips])
/// water.reference   // habit/water
/// ```
package struct ScenarioEntity: Hashable, Sendable, Codable {
    package var id: String
    /// The entity's namespace; `habit` unless the file says otherwise.
    package var namespace: String
    package var title: String
    /// Paused (`status: paused` or `paused: true`): Herald plans nothing for it and the
    /// scenario app's resolver says it is inactive. Pause and resume events change it.
    package var paused: Bool
    package var rules: [ScenarioRule]
    /// `vacation:` local days on which every rule of the entity rests
    /// (``Herald/ReminderRule/onVacation(_:)``); `nil`: none.
    package var vacations: [ReminderRule.Vacation]?

    package init(id: String, namespace: String = ScenarioEntity.defaultNamespace, title: String,
                paused: Bool = false, rules: [ScenarioRule]) {
        self.id = id
        self.namespace = namespace
        self.title = title
        self.paused = paused
        self.rules = rules
    }

    /// The namespace of entities that do not name one.
    package static let defaultNamespace = "habit"

    package var reference: EntityReference { EntityReference(namespace: namespace, id: id) }

    /// Herald's rules for this entity, each resting on the entity's vacations.
    /// - Throws: ``Herald/DeclarationError`` when Herald refuses a rule's identity.
    package func reminderRules() throws(DeclarationError) -> [ReminderRule] {
        try rules.map { rule throws(DeclarationError) in
            let declared = try rule.reminderRule(for: reference)
            guard let vacations, !vacations.isEmpty, rule.location == nil else { return declared }
            return declared.onVacation(vacations)
        }
    }
}
