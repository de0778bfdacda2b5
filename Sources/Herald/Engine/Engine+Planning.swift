import Foundation

extension Engine {
    /// A run's plan from what it read: the planner's input assembled from the state
    /// (the fired log as the run read it, the center's capacity less the `foreign`
    /// requests, `managed` telling which requests are pending), with today's location
    /// firings the delivered list never shows (``LocationFiringStep``), planned through
    /// the ``DeliveredLedger``.
    func plan(now: Date, rules: [ReminderRule], state: EngineState, route: RouteSessionState?, log: RunFiredLog,
              delivered: [DeliveredNotification], managed: [String: NotificationRequest], foreign: Int,
              settings: NotificationSettings, alarms: AlarmChannel?) -> Plan {
        var input = PlanningInput(
            now: now, deviceZone: clock.timeZone, rules: rules, state: state, route: route, fired: log.planned,
            capacity: center.capacity, foreignRequests: foreign, historyWindow: Self.historyWindow
        ) { managed[$0.description] != nil }
        input.deliverySettings = settings
        // The backstops pending: those of alarm occurrences passed stay (AlarmBackstop).
        input.alarms = alarms?.holding(pending: managed.keys)
        // (Joined only when there is something to add: appending nothing still copies the list.)
        let unlisted = LocationFiringStep.unlistedDeliveries(log.locationFirings, listed: delivered,
                                                             removed: removedLocationDeliveries, now: clock.now,
                                                             zone: clock.timeZone)
        return deliveredLedger.plan(&input, known: unlisted.isEmpty ? delivered : delivered + unlisted,
                                    today: day(of: now), planner: planner, walk: &oneShotWalk)
    }
}
