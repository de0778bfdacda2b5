import Foundation
import Herald

/// A button the user pressed on a sounding alarm, as the app's intent receives it
/// (``SimulatedAlarmCenter/press(_:on:)``); the app drains them with
/// ``SimulatedAlarmCenter/takePresses()`` and turns each into a response.
///
/// ```swift
/// for record in await alarms.takePresses() { print(record.identifier, record.press, record.at) }
/// ```
public struct AlarmPressRecord: Hashable, Sendable {
    /// The system's id of the alarm.
    public var id: UUID
    /// Herald's identifier the alarm was scheduled for.
    public var identifier: NotificationIdentifier
    /// Which button.
    public var press: SystemAlarm.ButtonPress
    /// When it was pressed.
    public var at: Date

    public init(id: UUID, identifier: NotificationIdentifier, press: SystemAlarm.ButtonPress, at: Date) {
        self.id = id
        self.identifier = identifier
        self.press = press
        self.at = at
    }
}
