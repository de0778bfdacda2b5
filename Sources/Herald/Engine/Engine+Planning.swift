import Foundation

extension Engine {
    /// A run's plan from what it read: the planner's input assembled from the state
    /// (the fired log as the run read it, the center's capacity less the `foreign`
    /// requests, `managed` telling which requests are pending), with only the delivered
    /// notifications whose verdict may have changed (``DeliveredLedger``), and the
    /// planner's verdicts on them kept for the next run. Synchronous, so the input is
    /// handed to the planner, not copied.
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
        // Only the delivered notifications whose verdict may have changed: the plan is
        // the same as from the whole list (see DeliveredLedger), at a cost that does
        // not grow with what the user never clears.
        // What the settled ones count toward today's badge comes with them.
        // Location firings are never listed: today's are added as the run knows them.
        // (Joined only when there is something to add: appending nothing still copies the list.)
        let unlisted = unlistedLocationDeliveries(log.locationFirings, listed: delivered)
        let known = unlisted.isEmpty ? delivered : delivered + unlisted
        deliveredLedger.update(with: known, zone: input.deviceZone)
        var relevant = deliveredLedger.relevant(for: input)
        // The route's completion counts on whatever day it was delivered.
        if let completion = input.routeCompletion {
            relevant = Array(Set(relevant).union(deliveredLedger.positions(ofRequest: completion.description))).sorted()
        }
        input.delivered = relevant.map { known[$0] }
        input.settledOutstanding = deliveredLedger.settledOutstanding(on: day(of: now))
        let (plan, outstanding) = planner.planJudging(input, walk: &oneShotWalk)
        // The planner's own verdicts, by position in `input.delivered` (= in `relevant`).
        deliveredLedger.judged(relevant, stale: plan.staleDelivered) { outstanding.countedOccurrence(at: $0) }
        return plan
    }
}
