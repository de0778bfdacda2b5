/// One point of the `AlarmCenter` contract, checked by ``AlarmCenterConformance``.
///
/// ```swift
/// // Without hooks for the system's time and the user's buttons, the checks that need them are skipped:
/// let report = try await AlarmCenterConformance { .init(center: SystemAlarmCenter()) }.runAll()
/// print(report.skipped.map(\.check))   // [.soundingAlarmIsAlerting, ...]
/// ```
public enum AlarmCenterConformanceCheck: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `capacity` is not negative and does not change between reads.
    case capacityIsFixed
    /// A fresh center (a freshly installed app) answers `notDetermined`; a schedule before
    /// the user is asked throws `AlarmCenterError.notAuthorized` and adds nothing, and the
    /// list can be read.
    case authorizationStartsNotDetermined
    /// `requestAuthorization()` answers a decision (`authorized` or `denied`), which
    /// `authorization()` then reports; asking again answers the same.
    case requestAuthorizationFixesTheAnswer
    /// On a system without alarms, `authorization()` answers `unavailable` and every other
    /// call throws `AlarmCenterError.unavailable`. Needs such a center.
    case unavailableRefusesEveryCall
    /// A fresh, authorized center holds no alarm.
    case freshCenterHoldsNothing
    /// Each scheduled alarm is listed once, by its request's id, `scheduled`, with its
    /// schedule read back equal (a fixed instant, a weekly time and its days).
    case scheduledAlarmsAreListedOnce
    /// Scheduling an id the center holds replaces that alarm: one alarm, the new schedule.
    case scheduleReplacesTheSameID
    /// `cancel(id:)` removes that alarm and no other, a weekly one included; an id the
    /// center does not hold is ignored without an error.
    case cancelRemovesOnlyThatAlarm
    /// Past the system's limit a new id throws `AlarmCenterError.maximumLimitReached` and
    /// changes nothing, while replacing a held id still succeeds. Needs the limit.
    case limitRefusesNewAlarmsOnly
    /// Once the user turns alarms off, `authorization()` answers `denied`, scheduling
    /// throws `AlarmCenterError.notAuthorized`, and the alarms still held can be read and
    /// cancelled. Needs a way to turn alarms off.
    case revokedRefusesSchedulesButReadsAndCancels
    /// An alarm whose time came is listed `alerting`; the others stay `scheduled`. Needs a
    /// way to make an alarm sound.
    case soundingAlarmIsAlerting
    /// A one-shot alarm (a fixed instant, or a weekly time on no day) stopped by the user
    /// is gone from `alarms()`. Needs ways to make an alarm sound and to stop it.
    case stoppedOneShotIsGone
    /// A weekly alarm stopped by the user stays, `scheduled` for its next time, with its
    /// schedule. Needs ways to make an alarm sound and to stop it.
    case stoppedWeeklyAlarmStays
    /// Cancelling a sounding alarm removes it. Needs a way to make an alarm sound.
    case cancelRemovesASoundingAlarm

    /// Whether the check needs ``AlarmCenterConformance/Subject/sound``.
    public var needsSound: Bool {
        [.soundingAlarmIsAlerting, .stoppedOneShotIsGone, .stoppedWeeklyAlarmStays, .cancelRemovesASoundingAlarm]
            .contains(self)
    }

    /// Whether the check needs ``AlarmCenterConformance/Subject/stop``.
    public var needsStop: Bool { self == .stoppedOneShotIsGone || self == .stoppedWeeklyAlarmStays }

    /// Whether the check runs only on a center that answers `unavailable`; every other
    /// check needs one that has alarms.
    public var needsUnavailableCenter: Bool { self == .unavailableRefusesEveryCall }

    public var description: String { rawValue }
}
