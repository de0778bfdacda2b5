import Foundation

/// Everything a plan depends on, gathered by the engine: the planner reads nothing
/// else, so the same input always gives the same plan.
///
/// ```swift
/// let input = PlanningInput(now: clock.now, deviceZone: clock.timeZone, rules: rules,
///                           completions: [EntityDay(water, today)])
/// let plan = Planner().plan(input)
/// ```
public struct PlanningInput: Sendable {
    public var now: Date
    /// The device's zone: floating schedules and "today" are read in it.
    public var deviceZone: TimeZone
    public var rules: [ReminderRule]
    /// Entities done for a day: their reminders that day are skipped.
    public var completions: Set<EntityDay>
    /// Paused entities: none of their reminders are planned.
    public var paused: Set<EntityReference>
    /// What the user can still see, for the outstanding badge count.
    public var delivered: [DeliveredNotification]

    public init(now: Date, deviceZone: TimeZone, rules: [ReminderRule], completions: Set<EntityDay> = [],
                paused: Set<EntityReference> = [], delivered: [DeliveredNotification] = []) {
        self.now = now
        self.deviceZone = deviceZone
        self.rules = rules
        self.completions = completions
        self.paused = paused
        self.delivered = delivered
    }
}
