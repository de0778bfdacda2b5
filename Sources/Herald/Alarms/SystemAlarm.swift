import Foundation

/// An alarm as the system reports it (AlarmKit's `Alarm`): a snapshot taken when read.
///
/// ```swift
/// for alarm in try await alarms.alarms() where alarm.state == .alerting { print(alarm.id) }
/// ```
public struct SystemAlarm: Hashable, Sendable {
    public var id: UUID
    public var schedule: AlarmSchedule?
    public var state: SystemAlarm.State

    public init(id: UUID, schedule: AlarmSchedule?, state: SystemAlarm.State) {
        self.id = id
        self.schedule = schedule
        self.state = state
    }
}

extension SystemAlarm {
    /// Where an alarm is in its life (AlarmKit's `Alarm.State`).
    public enum State: String, Hashable, Sendable, Codable, CaseIterable {
        /// Waiting for its time.
        case scheduled
        /// Counting down (a snooze).
        case countdown
        /// A countdown the user paused.
        case paused
        /// Sounding now, on screen.
        case alerting
    }
}

/// `SystemAlarm.State` by its former name, inside the package.
package typealias AlarmState = SystemAlarm.State

extension SystemAlarm {
    /// What the user did with an alarm that sounded: the buttons it showed. Each comes
    /// back to Herald as a response (``NotificationResponse``) for the alarm's identifier,
    /// through the same durable queue as a notification's actions.
    public enum ButtonPress: Hashable, Sendable {
        /// The stop button: a one-shot alarm is deleted, a weekly one waits for its next time.
        case stop
        /// The snooze button (``AlarmRequest/SecondaryButton/snooze(title:minutes:)``).
        case snooze
        /// The app's own button (``AlarmRequest/SecondaryButton/action(identifier:title:)``).
        case action(String)
    }
}
