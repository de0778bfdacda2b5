import Herald

/// A notification already in the delivered list when the scenario starts, such as a
/// reminder from yesterday the user never cleared (seed 004's stale notifications).
///
/// ```yaml
/// delivered:
///   - {entity: stretch, rule: morning, at: 2026-11-20T09:00}
/// ```
///
/// The runner delivers it at `at` (which must be before the start) through the
/// simulated center, with the rule's title and no badge, so the engine finds it as a
/// Herald notification of that entity and rule.
package struct ScenarioDeliveredNotification: Hashable, Sendable {
    package var entity: EntityReference
    package var rule: String
    /// When it was delivered, in the scenario's zone.
    package var at: LocalDateTime

    package init(entity: EntityReference, rule: String, at: LocalDateTime) {
        self.entity = entity
        self.rule = rule
        self.at = at
    }

    /// Its identifier: a reminder of `rule` for the occurrence at `at`.
    package var identifier: NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: rule, occurrence: OccurrenceKey(at), kind: .reminder)
    }
}
