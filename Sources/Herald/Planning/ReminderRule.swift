import Foundation

/// One thing that should remind the user, declared by the app: an entity, a
/// schedule, and how the reminder ranks and badges.
///
/// The app declares rules through its ``ReminderSource``; Herald plans every
/// occurrence from them, so creating, editing and re-planning always go through the
/// one ``Planner``.
///
/// ```swift
/// let rule = try ReminderRule(
///     entity: EntityReference(namespace: "habit", id: "water"),
///     id: "morning",
///     schedule: try .daily(at: [LocalTime(hour: 9)]),
///     priority: 1
/// )
/// ```
public struct ReminderRule: Hashable, Sendable, Codable, Identifiable {
    public struct ID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        public var entity: EntityReference
        public var rule: String

        public init(entity: EntityReference, rule: String) {
            self.entity = entity
            self.rule = rule
        }

        public static func < (lhs: ID, rhs: ID) -> Bool { (lhs.entity, lhs.rule) < (rhs.entity, rhs.rule) }
        public var description: String { "\(entity)/\(rule)" }
    }

    public var entity: EntityReference
    /// The rule's identifier within its entity (`morning`, `reminder-2`).
    public var ruleID: String
    public var schedule: Schedule
    /// Breaks ties between occurrences at the same instant when the budget is short:
    /// higher first.
    public var priority: Int
    /// Whether this rule's notifications count toward the badge (seed 004's
    /// personality nudges, for example, do not).
    public var countsTowardBadge: Bool
    /// When set, an occurrence nobody acted on this long after it was delivered gets
    /// one follow-up; acting on it or completing the entity withdraws the follow-up.
    public var followUpAfter: TimeInterval?

    /// - Throws: ``DeclarationError`` when a part of its identity is empty or longer
    ///   than Herald reads back, or `followUpAfter` is negative or not finite.
    public init(entity: EntityReference, id: String, schedule: Schedule, priority: Int = 0,
                countsTowardBadge: Bool = true, followUpAfter: TimeInterval? = nil) throws(DeclarationError) {
        let owner = "rule \(entity)/\(id)"
        try Declaration.checkEntity(entity, of: owner)
        try Declaration.checkParts([("rule id", id)], of: owner)
        if let followUpAfter { try Declaration.checkDuration(followUpAfter, "follow-up delay", of: owner) }
        self.entity = entity
        self.ruleID = id
        self.schedule = schedule
        self.priority = priority
        self.countsTowardBadge = countsTowardBadge
        self.followUpAfter = followUpAfter
    }

    public var id: ID { ID(entity: entity, rule: ruleID) }

    /// The identifier of this rule's request for one occurrence.
    public func identifier(for occurrence: LocalDateTime) -> NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: ruleID, occurrence: OccurrenceKey(occurrence), kind: .reminder)
    }
}
