import Foundation
import Herald
import HeraldSimulator

/// An alarm center on a fresh clock (Wednesday 2026-03-25 12:00 in Berlin, four days
/// before the switch to summer time), authorized unless said otherwise.
func makeAlarmCenter(
    at start: String = "2026-03-25T12:00:00+01:00",
    systemLimit: Int = 8,
    capacity: Int? = nil,
    authorization: AlarmAuthorization = .authorized,
    userAnswer: UserAuthorizationAnswer = .allow
) -> SimulatedAlarmCenter {
    SimulatedAlarmCenter(clock: VirtualClock(now: instant(start), timeZone: berlin), systemLimit: systemLimit,
                         capacity: capacity, authorization: authorization, userAnswer: userAnswer)
}

/// An alarm request for a pill occurrence named `occurrence`.
func makeAlarm(_ occurrence: String, _ schedule: AlarmSchedule,
               secondary: AlarmSecondaryButton? = nil) -> AlarmRequest {
    AlarmRequest(
        identifier: NotificationIdentifier(entity: EntityReference(namespace: "med", id: "pill"), rule: "dose",
                                           occurrence: OccurrenceKey(rawValue: occurrence), kind: .reminder),
        schedule: schedule, title: "Pill", secondary: secondary
    )
}
