import Foundation

/// An alarm's buttons as responses.
///
/// The system runs an alarm's buttons in the app's process (an App Intent), not through
/// the notification delegate; the adapter hands each press here. A press becomes the
/// response to the occurrence the alarm sounded for, and goes through the same durable
/// queue as a notification's actions (``received(_:)``): stop is a dismissal, the app's
/// own button is that action of the alarm's content category (so "Taken" completes the
/// pill), and snooze (the system sounds the alarm again by itself) reaches the app as
/// ``alarmSnoozeActionIdentifier``. The response's identity is the occurrence, its
/// instant and the action, so a press handed over twice (a retry after the app was
/// killed) is handled once.
///
/// ```swift
/// AlarmButtonRouter.setHandler { press, identifier in
///     _ = await engine.alarmButtonPressed(press, identifier: identifier)
/// }
/// ```
extension Engine {
    /// The action identifier of an alarm's snooze press.
    public static let alarmSnoozeActionIdentifier = "herald.alarm.snooze"

    /// Records the press of an alarm's button as a response to its occurrence, and runs.
    @discardableResult
    public func alarmButtonPressed(_ press: AlarmButtonPress, identifier: NotificationIdentifier) async
        -> ReconcileReport {
        let scheduled = (try? recentState())?.scheduledAlarms[AlarmRequest.id(for: identifier)]
        let (occurrence, date) = alarmOccurrence(of: identifier, scheduled: scheduled)
        let action = switch press {
        case .stop: NotificationResponse.dismissActionIdentifier
        case .snooze: Self.alarmSnoozeActionIdentifier
        case .action(let identifier): identifier
        }
        let content = NotificationContent(
            title: scheduled?.title ?? "", categoryIdentifier: scheduled?.category ?? "",
            userInfo: HeraldPayload(identifier: occurrence, occurrenceZone: nil).userInfo())
        let request = NotificationRequest(identifier: occurrence.description, content: content, trigger: nil)
        // The press proves the alarm sounded: the story tells it so, not as a notification.
        history.recordAlarmSounded(occurrence, alarm: identifier.description, at: date)
        return await received(NotificationResponse(notification: DeliveredNotification(request: request, date: date),
                                                   actionIdentifier: action))
    }

    /// The occurrence an alarm sounded for and its instant: a fixed alarm's own; for a
    /// weekly one, the latest occurrence at its time up to now.
    private func alarmOccurrence(of identifier: NotificationIdentifier, scheduled: ScheduledAlarm?)
        -> (NotificationIdentifier, Date) {
        if case .fixed(let date)? = scheduled?.schedule { return (identifier, date) }
        if let slot = identifier.occurrence.repeatingSlot {
            return AlarmStep.latestOccurrence(of: identifier, at: slot.time, now: clock.now, zone: clock.timeZone)
        }
        let converter = ZoneConverter.for(clock.timeZone)
        let local = identifier.occurrence.localDateTime ?? converter.local(for: clock.now)
        return (identifier, converter.instant(for: local).date)
    }
}
