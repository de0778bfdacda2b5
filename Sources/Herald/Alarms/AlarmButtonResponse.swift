import Foundation

/// An alarm's button press as the response to the occurrence the alarm sounded for.
///
/// The system runs an alarm's buttons in the app's process (an App Intent), not through
/// the notification delegate; the adapter hands each press to the engine
/// (``Engine/alarmButtonPressed(_:identifier:)``). A press becomes the response to the
/// occurrence the alarm sounded for, and goes through the same durable queue as a
/// notification's actions: stop is a dismissal, the app's own button is that action of
/// the alarm's content category (so "Taken" completes the pill), and snooze (the system
/// sounds the alarm again by itself) reaches the app as
/// ``Engine/alarmSnoozeActionIdentifier``. The response's identity is the occurrence,
/// its instant and the action, so a press handed over twice (a retry after the app was
/// killed) is handled once.
///
/// ```swift
/// let pressed = AlarmButtonResponse(.stop, identifier: alarm, scheduled: scheduled, now: now, zone: zone)
/// history.recordAlarmSounded(pressed.occurrence, alarm: alarm.description, at: pressed.date)
/// await engine.received(pressed.response)
/// ```
struct AlarmButtonResponse {
    /// The occurrence the alarm sounded for, and its instant.
    var occurrence: NotificationIdentifier
    var date: Date
    /// The response the press stands for.
    var response: NotificationResponse

    /// The response to `press` of the alarm `identifier`, which Herald scheduled as
    /// `scheduled` (when it knows it).
    init(_ press: SystemAlarm.ButtonPress, identifier: NotificationIdentifier, scheduled: ScheduledAlarm?, now: Date,
         zone: TimeZone) {
        (occurrence, date) = Self.occurrence(of: identifier, scheduled: scheduled, now: now, zone: zone)
        let action = switch press {
        case .stop: NotificationResponse.dismissActionIdentifier
        case .snooze: Engine.alarmSnoozeActionIdentifier
        case .action(let identifier): identifier
        }
        let content = NotificationContent(
            title: scheduled?.title ?? "", categoryIdentifier: scheduled?.category ?? "",
            userInfo: HeraldPayload(identifier: occurrence, occurrenceZone: nil).userInfo())
        let request = NotificationRequest(identifier: occurrence.description, content: content, trigger: nil)
        response = NotificationResponse(notification: DeliveredNotification(request: request, date: date),
                                        actionIdentifier: action)
    }

    /// The occurrence an alarm sounded for and its instant: a fixed alarm's own; for a
    /// weekly one, the latest occurrence at its time up to now.
    private static func occurrence(of identifier: NotificationIdentifier, scheduled: ScheduledAlarm?, now: Date,
                                   zone: TimeZone) -> (NotificationIdentifier, Date) {
        if case .fixed(let date)? = scheduled?.schedule { return (identifier, date) }
        if let slot = identifier.occurrence.repeatingSlot {
            return AlarmStep.latestOccurrence(of: identifier, at: slot.time, now: now, zone: zone)
        }
        let converter = ZoneConverter.for(zone)
        let local = identifier.occurrence.localDateTime ?? converter.local(for: now)
        return (identifier, converter.instant(for: local).date)
    }
}
