import Foundation

/// What a run read of the alarm service before planning, with what Herald had scheduled
/// and what the user is in the middle of (``AlarmStep/recording(authorization:held:capacity:state:now:zone:)``).
struct AlarmRead {
    var channel: AlarmChannel
    /// The service's alarms, or `nil` when it could not be read: nothing is then
    /// concluded (no firing recorded) and nothing changed (no call, nothing forgotten).
    var held: [SystemAlarm]?
    var scheduled: [UUID: ScheduledAlarm]
    /// Fixed alarms the user is in the middle of (sounding, or counting down a
    /// snooze) whose occurrence is still due: not done, its entity neither paused
    /// nor deleted since. The run leaves them to the user, and they take room in the
    /// service (``AlarmStep/isLeftToTheUser(_:scheduled:in:)``).
    var inProgress: Set<UUID> = []
}
