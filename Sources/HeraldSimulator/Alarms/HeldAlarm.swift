import Foundation
import Herald

/// An alarm the simulated system holds: the request, its state and what it waits for.
struct HeldAlarm: Sendable {
    var request: AlarmRequest
    var state: AlarmState
    /// The order of first scheduling: ``SimulatedAlarmCenter/alarms()`` lists in it.
    var sequence: Int
    /// While scheduled with a relative schedule: the instant after which its next wall
    /// time is sought, in the zone current when it is sought (relative schedules follow
    /// the device's zone).
    var searchAfter: Date
    /// While counting down: when the snooze ends and it sounds again.
    var countdownEnds: Date?

    /// When it sounds next, with the device in `zone`; `nil` while sounding or paused.
    func nextAlert(in zone: TimeZone) -> Date? {
        switch state {
        case .scheduled: AlarmTimes.next(of: request.schedule, after: searchAfter, in: zone)
        case .countdown: countdownEnds
        case .paused, .alerting: nil
        }
    }

    var snapshot: SystemAlarm {
        SystemAlarm(id: request.id, schedule: request.schedule, state: state)
    }
}
