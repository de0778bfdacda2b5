/// The alarm channel as a plan sees it: whether the user allowed alarms, and how many
/// Herald may hold at once (``AlarmCenter/capacity``).
///
/// ```swift
/// var input = PlanningInput(now: now, deviceZone: zone, rules: rules)
/// input.alarms = AlarmChannel(authorization: .authorized, capacity: 8)
/// let plan = Planner().plan(input)   // rules urgent(.alarm) are planned in plan.alarms
/// ```
package struct AlarmChannel: Hashable, Sendable {
    public var authorization: AlarmAuthorization
    /// How many alarms the plan may hold.
    public var capacity: Int
    /// The backstops (``AlarmBackstop``) the notification center holds, as the run read
    /// it: the backstop of an alarm occurrence whose time has passed stays while it is
    /// pending and the occurrence is not answered, whatever the channel is now.
    public var pendingBackstops: Set<NotificationIdentifier> = []

    public init(authorization: AlarmAuthorization, capacity: Int) {
        self.authorization = authorization
        self.capacity = max(0, capacity)
    }

    /// Whether alarms can be planned: the user allowed them and there is room for one.
    public var isAvailable: Bool { authorization.allowsAlarms && capacity > 0 }

    /// Why alarms cannot be planned: not allowed (or missing), or allowed with no room
    /// left; `nil` when they can.
    var unavailability: DeliveryForecast.Unavailable? {
        if !authorization.allowsAlarms { return .alarmsUnavailable }
        return capacity > 0 ? nil : .alarmLimitReached
    }
}
