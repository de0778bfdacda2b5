import Foundation

/// Everything a plan depends on, gathered by the engine: the planner reads nothing
/// else, so the same input always gives the same plan.
///
/// ```swift
/// let input = PlanningInput(now: clock.now, deviceZone: clock.timeZone, rules: rules,
///                           satisfied: [EntityDay(water, today)])
/// let plan = Planner().plan(input)
/// ```
public struct PlanningInput: Sendable {
    public var now: Date
    /// The device's zone: floating schedules and "today" are read in it.
    public var deviceZone: TimeZone
    public var rules: [ReminderRule]
    /// Entity-days with no more reminders due: completed, or deferred to tomorrow.
    public var satisfied: Set<EntityDay>
    /// Paused entities: none of their reminders are planned.
    public var paused: Set<EntityReference>
    /// What the user can still see, for the outstanding badge count.
    public var delivered: [DeliveredNotification]
    /// Snoozed occurrences: each is planned as a snooze request until it fires.
    public var snoozes: [SnoozeRecord]
    /// Occurrences the user acted on: they get no follow-up.
    public var acknowledged: Set<NotificationIdentifier>
    /// Reminders already delivered: their follow-ups may still be due, and they are
    /// never planned again (the clock may have been set back past them).
    public var fired: [FiredRecord]

    public init(now: Date, deviceZone: TimeZone, rules: [ReminderRule], satisfied: Set<EntityDay> = [],
                paused: Set<EntityReference> = [], delivered: [DeliveredNotification] = [],
                snoozes: [SnoozeRecord] = [], acknowledged: Set<NotificationIdentifier> = [],
                fired: [FiredRecord] = []) {
        self.now = now
        self.deviceZone = deviceZone
        self.rules = rules
        self.satisfied = satisfied
        self.paused = paused
        self.delivered = delivered
        self.snoozes = snoozes
        self.acknowledged = acknowledged
        self.fired = fired
    }
}
