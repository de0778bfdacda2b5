import Foundation

/// What a run records before it plans: pure steps of what it read, the state and the
/// time, in this order, each seeing the state with the steps before it applied.
///
/// The deliveries the center lists come first (``DeliveryStep``, done before this),
/// then the location reminders that fired unlisted (``LocationFiringStep``), the alarms
/// that sounded (``AlarmStep``), the route notifications the fired log has
/// (``RouteDeliveryStep``), and the device's zone (``TravelStep``). Their changes are
/// committed together, so a failure records none. After applying, the route
/// notifications the center accepted, the location requests left pending and the
/// alarms scheduled are committed together too (``Engine/commitAfterApplying(_:)``).
///
/// ```swift
/// let recorded = RunRecording(state: state, changes: deliveries, pending: pending, authorization: .authorized,
///                             capacity: 64, alarmService: nil, now: now, zone: zone)
/// try store.commit(recorded.changes)
/// let plan = planner.plan(...recorded.state, recorded.route, recorded.log...)
/// ```
struct RunRecording {
    /// The state with everything recorded applied (its route session as read).
    var state: EngineState
    /// Every change to commit, deliveries' included.
    var changes: [EngineStateChange]
    /// The route session the run plans with.
    var route: RouteSessionState?
    /// The fired log as planning reads it, with the location firings.
    var log: RunFiredLog
    /// What the run read of the alarm service, with what Herald had scheduled.
    var alarms: AlarmRead?
    /// How many location reminders fired unlisted.
    var locationFirings: Int
    /// The alarms that sounded, for the history.
    var alarmsSounded: [FiredRecord]
    /// Whether the device is in a zone the app has not been told of.
    var reportsTravel: Bool

    /// Records what a run read onto `state`, which has `changes` (the deliveries) applied.
    init(state: EngineState, changes: [EngineStateChange], pending: [NotificationRequest],
         authorization: AuthorizationStatus, capacity: Int, alarmService: AlarmApplier.ServiceRead?,
         now: Date, zone: TimeZone) {
        var state = state, changes = changes
        func record(_ more: [EngineStateChange]) {
            changes += more
            for change in more { state.apply(change) }
        }
        let firings = LocationFiringStep.firings(pending: pending, authorization: authorization,
                                                 capacity: capacity, state: state, now: now)
        record(firings)
        let alarms = alarmService.map {
            AlarmStep.recording(authorization: $0.authorization, held: $0.held, capacity: $0.capacity, state: state,
                                now: now, zone: zone)
        }
        record(alarms?.changes ?? [])
        // With the fired log planning reads and the location firings, from the same one
        // pass over the log. The state keeps the session as read; the run plans with
        // the one returned.
        let log = RunFiredLog(state, route: state.routeSession)
        let (routeChanges, route) = RouteDeliveryStep.recordingDeliveries(log, in: state.routeSession)
        changes += routeChanges
        let noticed = TravelStep.noticing(deviceZone: zone, state: state)
        record(noticed.changes)
        self.state = state
        self.changes = changes
        self.route = route
        self.log = log
        self.alarms = alarms?.read
        locationFirings = firings.count
        alarmsSounded = (alarms?.changes ?? []).compactMap { if case .recordFired(let record) = $0 { record } else { nil } }
        reportsTravel = noticed.reports
    }
}
