import Foundation
import Herald

extension SimulatedAlarmCenter {
    /// The user presses a button on a sounding alarm, and the app's intent receives it
    /// (``takePresses()``).
    ///
    /// - `SystemAlarm.ButtonPress.stop`: a one-shot alarm is deleted; a weekly one waits for
    ///   its next time after now.
    /// - `SystemAlarm.ButtonPress.snooze`: the alarm counts down the request's minutes and
    ///   sounds again.
    /// - `SystemAlarm.ButtonPress.action(_:)`: the alarm keeps sounding (AlarmKit's `.custom`
    ///   behaviour); only the press is recorded.
    ///
    /// - Throws: ``AlarmPressError`` when the alarm is not held, not sounding, or has
    ///   no such button.
    public func press(_ press: SystemAlarm.ButtonPress, on id: UUID) throws(AlarmPressError) {
        guard let alarm = held[id] else { throw .unknownAlarm(id) }
        guard alarm.state == .alerting else { throw .notAlerting(id, state: alarm.state) }
        let now = clock.now
        switch press {
        case .stop:
            if alarm.request.schedule.repeats {
                held[id]?.state = .scheduled
                held[id]?.searchAfter = now
            } else {
                held[id] = nil
            }
        case .snooze:
            guard case .snooze(_, let minutes)? = alarm.request.secondary else { throw .noSnoozeButton(id) }
            held[id]?.state = .countdown
            held[id]?.countdownEnds = now.addingTimeInterval(TimeInterval(minutes) * 60)
        case .action(let identifier):
            guard case .action(identifier, _)? = alarm.request.secondary else {
                throw .noSuchAction(id, identifier: identifier)
            }
        }
        presses.append(AlarmPressRecord(id: id, identifier: alarm.request.identifier, press: press, at: now))
    }

    /// The presses not taken yet, oldest first, and forgets them: what the app's intent
    /// hands to the engine.
    public func takePresses() -> [AlarmPressRecord] {
        defer { presses = [] }
        return presses
    }

    /// A Focus or Silent mode turns on or off.
    public func setFocusActive(_ active: Bool) {
        focusActive = active
    }

    /// The user changes the app's permission in Settings. Turning alarms off drops the
    /// alarms held under ``AlarmsWhenRevoked/silenced`` (none of them sounds), and
    /// leaves them to sound under ``AlarmsWhenRevoked/sound``; a system without alarms
    /// (`unavailable`) holds none.
    public func setAuthorization(_ authorization: AlarmAuthorization) {
        let revoked = authorizationState != .denied && authorization == .denied && whenRevoked == .silenced
        if revoked || authorization == .unavailable { held = [:] }
        authorizationState = authorization
    }

    /// What the scripted user answers at the next permission prompt.
    public func setUserAuthorizationAnswer(_ answer: UserAuthorizationAnswer) {
        userAnswer = answer
    }
}
