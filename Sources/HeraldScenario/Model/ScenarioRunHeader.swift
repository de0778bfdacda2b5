import Foundation
import Herald

/// What a scenario run is, told to a ``ScenarioTimelineSink`` before the first entry of
/// its timeline: the scenario's name and zone, the local date-times it runs between,
/// and the device's zone and notification settings when the timeline starts.
///
/// ```swift
/// let header = ScenarioRunHeader(name: "Habits", zone: berlin, start: start, end: end)
/// header.deviceZone == berlin   // unless a resumed run left the device elsewhere
/// ```
public struct ScenarioRunHeader: Hashable, Sendable {
    public var name: String
    /// The scenario's zone, in which ``start`` and ``end`` are written.
    public var zone: TimeZone
    public var start: LocalDateTime
    public var end: LocalDateTime
    /// The device's zone when the timeline starts: the scenario's, or where a resumed
    /// run left the device. `zone` events change it along the timeline.
    public var deviceZone: TimeZone
    /// The user's alert, sound and badge switches when the timeline starts; `settings`
    /// events change them along the timeline.
    public var notificationSettings = NotificationSettings.allOn

    package init(name: String, zone: TimeZone, start: LocalDateTime, end: LocalDateTime, deviceZone: TimeZone? = nil) {
        self.name = name
        self.zone = zone
        self.start = start
        self.end = end
        self.deviceZone = deviceZone ?? zone
    }
}
