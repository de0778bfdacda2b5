import Foundation

/// The limits and policies a `Planner` plans within.
///
/// ```swift
/// var configuration = PlannerConfiguration()
/// configuration.reserve = 14            // more room for snoozes and events
/// configuration.horizon = 7 * 86_400    // plan one week ahead
/// ```
public struct PlannerConfiguration: Sendable {
    /// How many requests the notification center keeps pending: 64 on Apple platforms.
    /// The engine plans with its center's ``NotificationCenter/capacity`` instead (in
    /// `PlanningInput.capacity`); this one serves plans made without a center.
    public var capacity: Int
    /// Slots kept free for immediate events, snoozes and follow-ups.
    public var reserve: Int
    /// How far ahead to plan, in seconds.
    public var horizon: TimeInterval
    public var badgePolicy: BadgePolicy
    /// How many follow-ups may be pending at once; they come out of the reserve.
    public var followUpLimit: Int
    /// Whether the content of the app's notifications changes with the day (streaks at
    /// risk, "3 left today"), so the plan's `Plan.refreshDeadline` is no later than
    /// the next local midnight, when the new day's content should be written. Rules
    /// that declare ``ReminderRule/fixedContent`` are the exception: a plan whose
    /// requests are all of such rules needs no midnight re-plan.
    public var contentDependsOnDay: Bool
    /// Whether compressible rules may be covered by repeating calendar triggers, and
    /// whether badges may be dropped for it (see ``PlannerConfiguration/RepeatingTriggerPolicy``).
    public var repeatingTriggers: RepeatingTriggerPolicy
    /// Whether a ``TravelNotice`` that lists rules carries the in-app prompt offering
    /// the choice (``TravelNotice/prompt``); off by default.
    public var travelPrompt = false
    /// When reminders wait (`nil`: never): an occurrence inside is deferred to the end
    /// of its quiet period, and those deferred to one end come as one notification
    /// (``PlannedGroup``). Rules that ``ReminderRule/ignoresQuietHours``, and those
    /// asking for a time-sensitive, critical or alarm level, fire at their time.
    public var quietHours: QuietHours?
    /// How close reminders must be due to come as one notification, in seconds (`nil`,
    /// the default: each comes alone; 0: those due at the same instant): a
    /// ``PlannedGroup`` fires at its first member's time, and takes one slot for all.
    public var groupWithin: TimeInterval?
    /// The app's install seed, from which rules at random times draw each day's times
    /// (``ReminderRule/atRandomTimes(_:)``). Give the same value on each of the user's
    /// devices (one stored in the user's iCloud key-value store, say) so they draw the
    /// same times; 0 by default.
    public var randomSeed: UInt64 = 0
    /// The day a quota's week starts on (``ReminderRule/Quota/Period/week``); `nil`, the
    /// default, is Monday, and the Apple adapter's façade fills in the first weekday of
    /// the user's locale.
    public var firstWeekday: Weekday?

    public init(capacity: Int = 64, reserve: Int = 10, horizon: TimeInterval = 14 * 86_400,
                badgePolicy: BadgePolicy = .outstanding, followUpLimit: Int = 3, contentDependsOnDay: Bool = true,
                repeatingTriggers: RepeatingTriggerPolicy = .exact, quietHours: QuietHours? = nil,
                groupWithin: TimeInterval? = nil) {
        self.capacity = capacity
        self.reserve = reserve
        self.horizon = horizon
        self.badgePolicy = badgePolicy
        self.followUpLimit = followUpLimit
        self.contentDependsOnDay = contentDependsOnDay
        self.repeatingTriggers = repeatingTriggers
        self.quietHours = quietHours
        self.groupWithin = groupWithin
    }

    /// Whether the plan defers or groups reminders (``quietHours`` or ``groupWithin``):
    /// it then plans one-shot requests only, each cluster of members as one.
    public var groupsReminders: Bool { quietHours != nil || groupWithin != nil }

    /// How many planned reminders may be pending at once: capacity minus reserve.
    public var budget: Int { max(0, capacity - reserve) }

    /// Follow-ups allowed at once: at most half the reserve, so snoozes and immediate
    /// events keep room.
    public var effectiveFollowUpLimit: Int { max(0, min(followUpLimit, reserve / 2)) }
}
