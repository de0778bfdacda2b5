import Foundation

extension PlanningInput {
    /// The planner's input from Herald's state, as each run assembles it; pure.
    ///
    /// History older than `historyWindow` is left out of the fired log (what fired
    /// before cannot be planned again: the planner looks no further back). The route in
    /// progress adds its notifications due now as posted events, the places it still
    /// watches, and its completion while that asks to be opened; `isPending` says
    /// whether a Herald request is in the center already. The delivered list is the
    /// engine's to fill in (``DeliveredLedger``). Rules kept at home time on a trip are
    /// pinned to the home zone (``TravelStep/effectiveRules(_:state:deviceZone:)``). `fired`, when given, is the fired log
    /// to take the window's records from instead of the state's (``RunFiredLog/planned``).
    ///
    /// ```swift
    /// let input = PlanningInput(now: now, deviceZone: zone, rules: rules, state: state, route: state.routeSession,
    ///                           capacity: 64, foreignRequests: 0, historyWindow: 2 * 86_400) { _ in false }
    /// ```
    init(now: Date, deviceZone: TimeZone, rules: [ReminderRule], state: EngineState, route: RouteSessionState?,
         fired: [FiredRecord]? = nil, capacity: Int?, foreignRequests: Int, historyWindow: TimeInterval,
         isPending: (NotificationIdentifier) -> Bool) {
        let recent = now.addingTimeInterval(-historyWindow)
        self.init(
            now: now, deviceZone: deviceZone,
            rules: TravelStep.effectiveRules(rules, state: state, deviceZone: deviceZone),
            satisfied: state.satisfiedDays, paused: state.paused,
            snoozes: Array(state.snoozes.values), acknowledged: state.acknowledged,
            fired: fired.map { $0.filter { $0.date > recent } } ?? state.fired.values.filter { $0.date > recent },
            postedEvents: Array(state.postedEvents.values) + (route?.dueNotifications(now: now, fired: []) ?? []),
            deletions: state.deletions, capacity: capacity, foreignRequests: foreignRequests)
        position = state.lastPosition
        locationAccess = state.locationAccess
        routePlaces = route.map(RoutePlaces.init) ?? RoutePlaces()
        routeCompletion = route?.outstandingCompletion
        routeCompletionIsPending = routeCompletion.map(isPending) ?? false
    }
}
