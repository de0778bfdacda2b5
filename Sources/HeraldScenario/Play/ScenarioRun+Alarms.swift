import Foundation
import Herald
import HeraldSimulator

/// The device's alarm channel during a run: the user changes the alarm permission, and
/// presses a sounding alarm's button (alarms sound by themselves as time moves through
/// the device, recorded by the handler ``ScenarioRunner`` sets).
extension ScenarioRun {
    /// `settings: {alarms: on | denied | unavailable}`: the alarm service changes at
    /// once; the app sees it at its next run (alarms it scheduled stay until that run
    /// cancels those whose rules fall back). `notifications`: the switches the same
    /// event sets, as a settings event of its own sets them.
    func setAlarmPermission(_ authorization: AlarmAuthorization, notifications: NotificationSettings?,
                            _ event: ScenarioEvent) async throws {
        guard let alarms = device.alarms else {
            throw impossible(event, "the device has no alarm service (give the scenario settings: {alarms: ...})")
        }
        await recorder.event(event.action)
        await alarms.setAuthorization(authorization)
        if let notifications {
            await device.setNotificationSettings(notifications)
            await recorder.lifecycle(.notificationSettings(notifications))
        }
    }

    /// `alarm: {on, button}`: the user presses a button of the target's sounding alarm
    /// (the latest scheduled of those that match); the system runs its intent in the
    /// app, which hands it to Herald. An alarm that is not sounding shows no buttons: as
    /// a tap with nothing in the list, that is an impossible event.
    func pressAlarm(_ button: SystemAlarm.ButtonPress, of target: ScenarioTarget, _ event: ScenarioEvent) async throws {
        guard let alarms = device.alarms else {
            throw impossible(event, "the device has no alarm service (give the scenario settings: {alarms: on})")
        }
        let sounding = await alarms.requests(in: .alerting)
        guard let request = sounding.last(where: { target.matches($0.identifier.description) }) else {
            let names = sounding.map(\.identifier.description)
            throw impossible(event, "no alarm of \(target) is sounding (\(names.isEmpty ? "no alarm is sounding" : "sounding: " + names.joined(separator: ", ")))")
        }
        let identifier = request.identifier.description
        switch (button, request.secondary) {
        case (.stop, _), (.snooze, .snooze?):
            break
        case (.action(let id), .action(let offered, _)?) where id == offered:
            break
        case (.snooze, _):
            throw impossible(event, "the alarm \(identifier) has no snooze button (its category's first action is not a snooze)")
        case (.action(let id), _):
            throw impossible(event, "the alarm \(identifier) has no button \"\(id)\" (an alarm shows stop and its category's first action only)")
        }
        await recorder.user(.alarm(button), identifier: identifier, inPrompt: false)
        do {
            try await device.pressAlarm(button, on: request.id)
        } catch {
            throw impossible(event, "\(error)")
        }
    }
}
