/// What the simulated system does with the alarms it holds when the user turns the
/// app's alarms off in Settings. iOS does not document it; the default is the stricter
/// reading, under which an alarm Herald scheduled may never sound.
///
/// ```swift
/// let alarms = SimulatedAlarmCenter(clock: clock, authorization: .authorized, whenRevoked: .sound)
/// await alarms.setAuthorization(.denied)   // the alarms already scheduled still sound
/// ```
public enum AlarmsWhenRevoked: String, Hashable, Sendable, Codable, CaseIterable {
    /// The system drops them: none sounds, and ``SimulatedAlarmCenter/alarms()`` lists
    /// none (the default).
    case silenced
    /// The system keeps them, and they sound at their times; only new ones are refused.
    case sound
}
