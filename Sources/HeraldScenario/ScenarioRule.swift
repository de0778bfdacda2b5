import Herald

/// One reminder rule of a scenario entity: an id, a Herald ``Schedule`` and the
/// planning options of a ``ReminderRule``.
///
/// In a scenario file a rule is a mapping with an `id` and exactly one schedule key:
///
/// ```yaml
/// rules:
///   - id: morning
///     daily: [07:30, 12:00]
///   - id: gym
///     weekly: {days: [MO, TH], times: ["18:00"]}
///     priority: 1
/// ```
public struct ScenarioRule: Hashable, Sendable {
    /// The rule's id within its entity (the `rule` part of notification identifiers).
    public var id: String
    public var schedule: Schedule
    /// Which schedule key the file used (`daily`, `weekly`, `rrule`, ...), for messages.
    public var kind: String
    public var priority: Int
    public var countsTowardBadge: Bool

    public init(id: String, schedule: Schedule, kind: String, priority: Int = 0, countsTowardBadge: Bool = true) {
        self.id = id
        self.schedule = schedule
        self.kind = kind
        self.priority = priority
        self.countsTowardBadge = countsTowardBadge
    }

    /// The Herald rule for this rule of `entity`.
    public func reminderRule(for entity: EntityReference) -> ReminderRule {
        ReminderRule(entity: entity, id: id, schedule: schedule, priority: priority,
                     countsTowardBadge: countsTowardBadge)
    }
}
