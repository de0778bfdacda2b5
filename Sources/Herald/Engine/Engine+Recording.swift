import Foundation

/// What a run records before it plans (``RunRecording``) and after it applies, each in
/// one commit.
extension Engine {
    /// Records what the run read before planning (``RunRecording``).
    func recording(delivered: [DeliveredNotification], pending: [NotificationRequest],
                   authorization: AuthorizationStatus, alarmService: AlarmApplier.ServiceRead?) throws -> RunRecording {
        let now = clock.now
        let (state, changes, unseen) = try stateRecordingDeliveries(delivered)
        let recorded = RunRecording(state: state, changes: changes, pending: pending, authorization: authorization,
                                    capacity: center.capacity, alarmService: alarmService, now: now, zone: clock.timeZone)
        try commit(recorded.changes)
        memory.recordedDeliveries.remember(unseen, delivered: delivered)
        if recorded.locationFirings > 0 {
            logger.debug("location reminders fired while not listed", metadata: ["count": "\(recorded.locationFirings)"])
        }
        for record in recorded.alarmsSounded {
            history.recordAlarmSounded(record.identifier, alarm: record.identifier.description, at: record.date)
        }
        if recorded.reportsTravel { memory.travelNoticeDue = true }
        return recorded
    }

    /// Commits what a run records after applying its plan. The location requests left
    /// pending are not a change planning reads: alone, they do not make the next plan
    /// be made again.
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
