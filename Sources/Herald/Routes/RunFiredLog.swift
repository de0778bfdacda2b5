import Foundation

/// The fired log as one run reads it, in one pass: the route session's notifications
/// the log has that the session has not recorded yet, the records planning reads, and
/// the location reminders' firings (which the delivered list never shows).
///
/// Once a run records the session's delivered notifications (``unrecorded``), every
/// notification of the session in the log is in its ``RouteSessionState/delivered``:
/// the planner never plans those again, and nothing else it plans reads them (they are
/// events; only posted events are looked up in the log, and the session's due ones are
/// never delivered). So ``planned`` leaves them out: a walk's thousandth run hands the
/// planner no log of the 999 spots delivered before. Should the app have posted an
/// event under the session's identifiers itself, they stay in.
///
/// It serves routes mainly (without a session it is the log as it is, and the location
/// firings), so it lives with them. Not kept between runs: each run makes it from the
/// state it read. Measured in "A walking route to completion" (Benchmarks/LOG.md,
/// 2026-11-25, `route-linear-2`, with the waypoint tree): 800 waypoints 9.16–10.57 s
/// before, 5.20–5.73 s after. Proved by
/// `RunFiredLogPropertyTests.theRunsLogPlansWhatTheWholeLogPlans`.
///
/// ```swift
/// let log = RunFiredLog(state, route: state.routeSession)
/// log.unrecorded   // to record in the session as delivered
/// log.planned      // PlanningInput.fired, once the window's (PlanningInput(state:))
/// ```
struct RunFiredLog {
    /// The session's notifications in the log and not in its ``RouteSessionState/delivered``, sorted.
    var unrecorded: [NotificationIdentifier]
    /// The records, less the session's own (when the app posted none of them), in the log's order.
    var planned: [FiredRecord]
    /// The records of location reminders, in the log's order.
    var locationFirings: [FiredRecord] = []

    init(_ state: EngineState, route session: RouteSessionState?) {
        guard let session else {
            unrecorded = []
            planned = Array(state.fired.values)
            locationFirings = planned.filter { $0.identifier.kind == .location }
            return
        }
        // ``RouteSessionState/owns(_:)``, with the session's key made once.
        let entity = session.session.entity, key = session.sessionKey
        func owns(_ identifier: NotificationIdentifier) -> Bool {
            RouteSessionState.owns(identifier, entity: entity, sessionKey: key)
        }
        let keepsOwn = state.postedEvents.keys.contains(where: owns)
        var unrecorded: Set<NotificationIdentifier> = []
        var planned: [FiredRecord] = []
        for record in state.fired.values {
            if record.identifier.kind == .location { locationFirings.append(record) }
            if owns(record.identifier) {
                if !session.delivered.contains(record.identifier) { unrecorded.insert(record.identifier) }
                guard keepsOwn else { continue }
            }
            planned.append(record)
        }
        self.unrecorded = unrecorded.sorted()
        self.planned = planned
    }
}
