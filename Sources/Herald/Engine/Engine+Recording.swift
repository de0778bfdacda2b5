import Foundation

/// What a run records before it plans and after it applies, each in one commit.
///
/// Before planning, each step is a pure function of what the run read, the state and
/// the time, in this order, each seeing the state with the steps before it applied:
/// the deliveries the center lists (the fired log), the location reminders that fired
/// unlisted (``LocationFiringStep``), the alarms that sounded (``AlarmStep``), the route
/// notifications the fired log has (``RouteDeliveryStep``), and the device's zone
/// (``TravelStep``). Their changes are committed together, so a failure records none.
/// After applying, the route notifications the center accepted, the location requests
/// left pending and the alarms scheduled are committed together too.
extension Engine {
    /// What the run plans from: the state and route session with what it read recorded,
    /// the fired log as planning reads it, and what it read of the alarm service.
    struct Recorded {
        var state: EngineState
        var route: RouteSessionState?
        var log: RunFiredLog
        var alarms: AlarmRead?
    }

    /// Records what the run read before planning (see the extension's overview).
    func recording(delivered: [DeliveredNotification], pending: [NotificationRequest],
                   authorization: AuthorizationStatus,
                   alarmService: (authorization: AlarmAuthorization, held: [SystemAlarm]?, capacity: Int)?) throws
        -> Recorded {
        let now = clock.now, zone = clock.timeZone
        var (state, changes, unseen) = try stateRecordingDeliveries(delivered)
        func record(_ more: [EngineStateChange]) {
            changes += more
            for change in more { state.apply(change) }
        }
        let firings = LocationFiringStep.firings(pending: pending, authorization: authorization,
                                                 capacity: center.capacity, state: state, now: now)
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
        try commit(changes)
        rememberRecorded(unseen, delivered: delivered)
        if !firings.isEmpty {
            logger.debug("location reminders fired while not listed", metadata: ["count": "\(firings.count)"])
        }
        for case .recordFired(let record) in alarms?.changes ?? [] {
            history.recordAlarmSounded(record.identifier, alarm: record.identifier.description, at: record.date)
        }
        if noticed.reports { travelNoticeDue = true }
        return Recorded(state: state, route: route, log: log, alarms: alarms?.read)
    }

    /// Commits what a run records after applying its plan (see the extension's
    /// overview). The location requests left pending are not a change planning reads:
    /// alone, they do not make the next plan be made again.
    func commitAfterApplying(_ changes: [EngineStateChange]) {
        let movesState = changes.contains { if case .setArmedLocations = $0 { false } else { true } }
        do {
            try commit(changes, movesState: movesState)
        } catch {
            logger.error("recording what the run applied failed; a route notification may be sent again, a firing go unnoticed",
                         metadata: ["error": "\(error)"])
        }
    }
}
