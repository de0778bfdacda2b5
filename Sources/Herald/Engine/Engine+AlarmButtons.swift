import Foundation

extension Engine {
    /// The action identifier of an alarm's snooze press.
    public static let alarmSnoozeActionIdentifier = "herald.alarm.snooze"

    /// Records the press of an alarm's button as a response to its occurrence, and runs:
    /// stop is a dismissal, the app's own button that action of the alarm's content
    /// category, snooze ``alarmSnoozeActionIdentifier``; a press handed over twice is
    /// handled once.
    ///
    /// ```swift
    /// AlarmButtonRouter.setHandler { press, identifier in
    ///     _ = await engine.alarmButtonPressed(press, identifier: identifier)
    /// }
    /// ```
    @discardableResult
    public func alarmButtonPressed(_ press: SystemAlarm.ButtonPress, identifier: NotificationIdentifier) async
        -> ReconcileReport {
        let scheduled = (try? recentState())?.scheduledAlarms[AlarmRequest.id(for: identifier)]
        let pressed = AlarmButtonResponse(press, identifier: identifier, scheduled: scheduled, now: clock.now,
                                          zone: clock.timeZone)
        // The press proves the alarm sounded: the story tells it so, not as a notification.
        history.recordAlarmSounded(pressed.occurrence, alarm: identifier.description, at: pressed.date)
        return await received(pressed.response)
    }
}
