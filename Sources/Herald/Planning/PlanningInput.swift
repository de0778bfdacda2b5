import Foundation

/// Everything a plan depends on, gathered by the engine: the planner reads nothing
/// else, so the same input always gives the same plan.
///
/// ```swift
/// let input = PlanningInput(now: clock.now, deviceZone: clock.timeZone, rules: rules,
///                           satisfied: [EntityDay(water, today)])
/// let plan = Planner().plan(input)
/// ```
package struct PlanningInput: Sendable {
    public var now: Date
    /// The device's zone: floating schedules and "today" are read in it.
    public var deviceZone: TimeZone
    public var rules: [ReminderRule]
    /// Entity-days with no more reminders due: completed, or deferred to tomorrow.
    public var satisfied: Set<EntityDay>
    /// Paused entities: nothing of theirs is planned or left delivered.
    public var paused: Set<EntityReference>
    /// What the user can still see: for the outstanding badge count, and to find what
    /// no longer asks anything of the user.
    public var delivered: [DeliveredNotification]
    /// Snoozed occurrences: each is planned as a snooze request until it fires.
    public var snoozes: [SnoozeRecord]
    /// Occurrences the user acted on (on this device, or on another: ``HeraldSync``),
    /// and when: they get no follow-up, and what of them was delivered before asks
    /// nothing more.
    public var acknowledged: [NotificationIdentifier: Date]
    /// Herald notifications already delivered, of every kind: a follow-up may still be
    /// due after a reminder, and nothing in here is planned again (the clock may have
    /// been set back past it). The engine leaves out the route session's own once it
    /// has recorded them as delivered: nothing planned reads them (`RunFiredLog`).
    public var fired: [FiredRecord]
    /// App-triggered notifications waiting to fire.
    public var postedEvents: [PostedEvent]
    /// Entities the app deleted, and when: what of theirs was delivered until then goes.
    public var deletions: [EntityReference: Date]
    /// The center's capacity (64 on Apple platforms); `nil` uses the configuration's.
    public var capacity: Int?
    /// Pending requests that are not Herald's to plan (another SDK's, say): they take
    /// slots of the capacity.
    public var foreignRequests: Int
    /// The device's last known position: location reminders are armed nearest first.
    public var position: Coordinate?
    /// The user's location access, as the app last reported it: without
    /// ``LocationAccess/always`` no waypoint is watched, without
    /// ``LocationAccess/whenInUse`` no location reminder is armed. `nil` (not reported)
    /// plans as ``LocationAccess/always``.
    public var locationAccess: LocationAccess?
    /// The user's settings: the urgency each reminder is delivered at follows them
    /// (``Plan/delivery(of:)``). Everything on unless the engine read otherwise.
    public var deliverySettings = NotificationSettings.allOn
    /// The alarm channel (AlarmKit), or `nil` when the app has none: rules that ask for
    /// ``Urgency/alarm`` are planned as alarms only while it is available.
    public var alarms: AlarmChannel?
    /// Places the route in progress watches (its waypoints not reached yet): they come
    /// before location reminders in the 20-region budget.
    public var routeRegions: [MonitoredPlace] {
        get { routePlaces.all }
        set { routePlaces = RoutePlaces(newValue) }
    }
    /// ``routeRegions``, listed only when asked: the nearest come from the session's query.
    var routePlaces = RoutePlaces()
    /// The completion notification of the route in progress while it asks to be opened
    /// (``RouteSessionState/outstandingCompletion``): it counts toward the badge while it
    /// is pending and while it is delivered, whatever the day (seed 001 badges it).
    public var routeCompletion: NotificationIdentifier?
    /// Whether ``routeCompletion`` is in the center already, waiting to fire (handed
    /// over by an earlier run, which plans it no more).
    public var routeCompletionIsPending = false
    /// Occurrences outstanding on ``SettledOutstanding/day`` by delivered notifications
    /// left out of ``delivered`` because their verdict is settled (the engine's ledger):
    /// they count toward the badge as if they were in the list. Empty by default.
    public var settledOutstanding = SettledOutstanding()

    public init(now: Date, deviceZone: TimeZone, rules: [ReminderRule], satisfied: Set<EntityDay> = [],
                paused: Set<EntityReference> = [], delivered: [DeliveredNotification] = [],
                snoozes: [SnoozeRecord] = [], acknowledged: [NotificationIdentifier: Date] = [:],
                fired: [FiredRecord] = [], postedEvents: [PostedEvent] = [],
                deletions: [EntityReference: Date] = [:], capacity: Int? = nil, foreignRequests: Int = 0) {
        self.now = now
        self.deviceZone = deviceZone
        self.rules = rules
        self.satisfied = satisfied
        self.paused = paused
        self.delivered = delivered
        self.snoozes = snoozes
        self.acknowledged = acknowledged
        self.fired = fired
        self.postedEvents = postedEvents
        self.deletions = deletions
        self.capacity = capacity
        self.foreignRequests = foreignRequests
    }
}
