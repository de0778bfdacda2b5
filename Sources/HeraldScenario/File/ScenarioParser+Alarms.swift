import Herald
import HeraldSimulator

/// The alarm channel in a scenario file: `settings: {alarms: on | denied | unavailable,
/// alarm_limit: N, alarms_when_revoked: silenced | sound}` at the top, `settings: {alarms: denied}` as an event, and the user
/// pressing a sounding alarm's button, `alarm: {on: pills/evening, button: stop}`.
extension ScenarioParser {
    static let alarmSettingsKeys = ["alarms", "alarm_limit", "alarms_when_revoked"]
    static let revokedAlarmChoices: [(String, AlarmsWhenRevoked)] = [("silenced", .silenced), ("sound", .sound)]
    static let alarmPressKeys = ["on", "button"]
    static let alarmPermissions: [(String, AlarmAuthorization)] = [
        ("on", .authorized), ("denied", .denied), ("unavailable", .unavailable),
    ]

    /// The top-level settings' alarm keys; `nil` when it has neither.
    func alarmSettings(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioAlarms? {
        let mapping = try node.mapping("settings", allowed: Self.notificationSettingsKeys + Self.alarmSettingsKeys)
        guard mapping["alarms"] != nil || mapping["alarm_limit"] != nil || mapping["alarms_when_revoked"] != nil
        else { return nil }
        var alarms = ScenarioAlarms()
        if let permission = mapping["alarms"] {
            alarms.authorization = try choice(permission, "an alarm permission", Self.alarmPermissions)
        }
        if let limit = mapping["alarm_limit"] {
            alarms.limit = try limit.int("how many alarms the system holds", in: 1...ScenarioAlarms.maximumLimit)
        }
        if let revoked = mapping["alarms_when_revoked"] {
            alarms.whenRevoked = try choice(revoked, "what the system does with alarms turned off", Self.revokedAlarmChoices)
        }
        return alarms
    }

    /// A `settings` event that changes the alarm permission; `nil` when it names no
    /// alarm key. With notification switches beside it, they change as in a settings
    /// event of their own (the switches it leaves out are switched on); alone, the
    /// permission leaves them as they are.
    func alarmSettingsEvent(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioEvent.Action? {
        let mapping = try node.mapping("settings", allowed: Self.notificationSettingsKeys + Self.alarmSettingsKeys)
        for key in ["alarm_limit", "alarms_when_revoked"] {
            if let node = mapping[key] {
                throw node.error(.invalidValue, "\(key) is the device's, given once in the top-level settings (an event changes only alarms: on | denied | unavailable)")
            }
        }
        guard let permission = mapping["alarms"] else { return nil }
        let authorization = try choice(permission, "an alarm permission", Self.alarmPermissions)
        guard mapping.entries.contains(where: { $0.key != "alarms" }) else { return .alarms(authorization) }
        return .alarms(authorization, notifications: try notificationSettings(node, extraKeys: ["alarms"]))
    }

    /// `alarm: {on: pills/evening, button: stop | snooze | <action id>}`: the user presses
    /// a button of the target's sounding alarm: stop, or the one its category's first
    /// action makes (snooze for a snooze action, else that action's id).
    func alarmPress(_ node: ScenarioNode, catalog: TargetCatalog) throws(ScenarioError) -> ScenarioEvent.Action {
        let mapping = try node.mapping("an alarm button press ({on, button})", allowed: Self.alarmPressKeys)
        let target = try catalog.target(try mapping.required("on", "the alarm: an entity, entity/rule or identifier"))
        let buttonNode = try mapping.required("button", "the button: stop, snooze or the id of the category's action")
        let button = try buttonNode.string("a button")
        if button == "stop" { return .alarm(target, button: .stop) }
        try catalog.alarmButton(button, on: target, buttonNode)
        if button == "snooze" { return .alarm(target, button: .snooze) }
        if try catalog.action(button, on: target, buttonNode).kind.isText {
            throw buttonNode.error(.unknownAction, "the action \(InputExcerpt(button, quote: "\"")) asks for text, and an alarm's button takes none")
        }
        return .alarm(target, button: .action(button))
    }
}
