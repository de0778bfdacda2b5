import Foundation

/// The system's alarm service as Herald uses it: AlarmKit's `AlarmManager` on iOS 26,
/// a simulated one in tests. Alarms are a second channel beside the notification
/// center, with a budget of their own (``capacity``): an alarm sounds through Silent
/// mode and every Focus, and stays on screen until the user stops or snoozes it.
///
/// The system keeps only what is scheduled: once an alarm has fired and been stopped it
/// is gone from ``alarms()``. Herald remembers what it asked for and reads the
/// difference as the fired log.
///
/// ```swift
/// let alarms: any AlarmCenter = SimulatedAlarmCenter(clock: clock, capacity: 8)
/// guard await alarms.authorization() == .authorized else { return }
/// try await alarms.schedule(AlarmRequest(identifier: identifier, schedule: .fixed(date), title: "Pill"))
/// for alarm in try await alarms.alarms() { print(alarm.id, alarm.state) }
/// ```
public protocol AlarmCenter: Sendable {
    /// How many alarms Herald plans at most. AlarmKit does not publish its limit (it
    /// throws ``AlarmCenterError/maximumLimitReached`` past it), so this is the app's
    /// choice; Herald also stops adding at the first refusal.
    var capacity: Int { get }
    /// Whether the app may schedule alarms now.
    func authorization() async -> AlarmAuthorization
    /// Asks the user once; later calls answer what was decided.
    func requestAuthorization() async throws -> AlarmAuthorization
    /// The app's alarms the system holds now, each with its state at the time of the call.
    func alarms() async throws -> [SystemAlarm]
    /// Schedules an alarm; scheduling an id the system holds replaces it.
    ///
    /// - Throws: ``AlarmCenterError``: past the system's limit, without authorization,
    ///   or where the platform has no alarms.
    func schedule(_ request: AlarmRequest) async throws
    /// Deletes an alarm, a repeating one included; an id the system does not hold is
    /// ignored.
    func cancel(id: UUID) async throws
}
