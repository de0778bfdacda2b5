import Herald
import HeraldSimulator

/// The device's alarm channel in a scenario (AlarmKit): whether the app may schedule
/// alarms (`settings: {alarms: on | denied | unavailable}`) and how many the system
/// holds (`settings: {alarm_limit: N}`, 8 unless said), and what the system does with
/// the alarms it holds when the user turns alarms off (`settings: {alarms_when_revoked:
/// silenced | sound}`, `silenced` unless said: iOS does not document it).
///
/// A scenario that never mentions alarms has no alarm channel at all, and its rules that
/// ask for an alarm fall back down their ladder, as on a device without AlarmKit.
///
/// ```swift
/// let scenario = try Scenario(yaml: text)
/// scenario.alarms?.authorization   // .authorized for `settings: {alarms: on}`
/// scenario.alarms?.limit           // 8, or the file's alarm_limit
/// ```
package struct ScenarioAlarms: Hashable, Sendable {
    /// The app's alarm permission at the start: `.authorized` (`on`), `.denied` or
    /// `.unavailable` (no alarm service, the default when only events mention alarms).
    package var authorization: AlarmAuthorization
    /// The most alarms the system holds; Herald plans as many.
    package var limit: Int
    /// What the system does with the alarms it holds when the user turns alarms off.
    package var whenRevoked: AlarmsWhenRevoked

    /// The system's limit when the file does not say (the simulator's default).
    package static let defaultLimit = 8
    /// The largest `alarm_limit` a file may give.
    package static let maximumLimit = 64

    package init(authorization: AlarmAuthorization = .unavailable, limit: Int = ScenarioAlarms.defaultLimit,
                whenRevoked: AlarmsWhenRevoked = .silenced) {
        self.authorization = authorization
        self.limit = limit
        self.whenRevoked = whenRevoked
    }

    /// `on`, `denied` or `unavailable`: as the scenario file spells a permission.
    package static func name(of authorization: AlarmAuthorization) -> String {
        switch authorization {
        case .authorized: "on"
        case .denied: "denied"
        case .unavailable: "unavailable"
        case .notDetermined: "not asked"
        }
    }
}
