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
///
/// ## The contract
///
/// What the engine relies on, and what AlarmKit does; every implementation must behave
/// this way, and `AlarmCenterConformance` (module `HeraldConformance`) checks each point
/// (its check is named after each).
///
/// - **Capacity.** ``capacity`` is not negative and does not change while the center is
///   in use: each run plans at most that many alarms (`capacityIsFixed`).
/// - **Authorization.** ``authorization()`` never throws and never prompts; a freshly
///   installed app is ``AlarmAuthorization/notDetermined``, and cannot schedule before it
///   asks (`authorizationStartsNotDetermined`).
///   ``requestAuthorization()`` asks the user at most once and answers the decision,
///   `authorized` or `denied`, which ``authorization()`` reports from then on; later calls
///   answer it again without asking (`requestAuthorizationFixesTheAnswer`).
/// - **No alarms on this system.** Where the platform has none (before iOS 26, macOS,
///   watchOS, a missing `NSAlarmKitUsageDescription`), ``authorization()`` answers
///   ``AlarmAuthorization/unavailable`` and every other call throws
///   ``AlarmCenterError/unavailable``; the engine then neither reads nor schedules
///   (`unavailableRefusesEveryCall`).
/// - **The list.** ``alarms()`` lists the app's alarms the system holds, each id once
///   (the request's ``AlarmRequest/id``), with the schedule it was given read back equal
///   (a fixed instant exactly; a weekly time's hour and minute and its days) and its
///   state now: `scheduled` until its time comes. A fresh center holds none
///   (`freshCenterHoldsNothing`, `scheduledAlarmsAreListedOnce`). It can be read
///   whatever the authorization: the engine reads it after the user turned alarms off,
///   to cancel what it no longer wants.
/// - **Scheduling.** ``schedule(_:)`` of an id the system holds replaces that alarm,
///   never adding a second (`scheduleReplacesTheSameID`). Past the system's limit a new
///   id throws ``AlarmCenterError/maximumLimitReached`` and changes nothing, while
///   replacing a held id still succeeds (`limitRefusesNewAlarmsOnly`); the engine stops
///   scheduling at the first refusal of a run. Without authorization it throws
///   ``AlarmCenterError/notAuthorized`` and changes nothing.
/// - **Cancelling.** ``cancel(id:)`` removes that alarm, in any state, a repeating one
///   included, and no other; an id the system does not hold is ignored without an
///   error (`cancelRemovesOnlyThatAlarm`, `cancelRemovesASoundingAlarm`).
/// - **Turned off.** Once the user turns the app's alarms off in Settings,
///   ``authorization()`` answers `denied`, new schedules throw
///   ``AlarmCenterError/notAuthorized``, and what is still held can be read and
///   cancelled; whether the system keeps the alarms held is not documented, so either
///   is allowed (`revokedRefusesSchedulesButReadsAndCancels`).
/// - **Sounding and stopping.** An alarm whose time came is listed
///   ``SystemAlarm/State/alerting`` (a snooze counting down, ``SystemAlarm/State/countdown``) until the
///   user acts (`soundingAlarmIsAlerting`). Stopped, a one-shot alarm (a fixed instant,
///   or a weekly time on no day) is gone from the list (`stoppedOneShotIsGone`); a
///   weekly one stays, `scheduled` for its next time with its schedule
///   (`stoppedWeeklyAlarmStays`). The engine reads a fixed alarm gone or no longer
///   `scheduled` after its instant as sounded, and a weekly one `alerting` or
///   `countdown` as sounding for today's occurrence.
/// - **Concurrency.** The center is `Sendable`; the engine calls it from its actor, one
///   call at a time, and expects each call's effect to be visible to the next.
///
/// Buttons do not come back through the center: each press reaches the engine as
/// ``Engine/alarmButtonPressed(_:identifier:)``.
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
