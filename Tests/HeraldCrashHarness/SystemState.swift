import Foundation
import Herald
import HeraldSimulator

/// What the operating system keeps while the app's process dies: the notification
/// center's snapshot, the alarm service's (its alarms, their firings, and the button
/// presses the app has not finished handling), the device clock (the snapshots leave
/// it out), and the gestures the user made, so that a response or an alarm press cut
/// short by a kill reaches the relaunched app again, the same one (same response id),
/// and a replayed event does not make the user act twice.
///
/// Saved atomically (a temporary file renamed over the old one) after every call that
/// changes the center, so whatever the app did to the system survives a kill.
struct SystemState: Codable, Sendable {
    var center: SimulatorSnapshot
    var alarms: AlarmCenterSnapshot
    var now: Date
    var timeZoneIdentifier: String
    /// The user's gesture for each scenario event that asked for one, once chosen.
    var gestures: [UserGesture]

    /// What the user did for one scenario event: act on a notification or press a
    /// sounding alarm's button, or nothing when none of that habit was in the list or
    /// sounding (both `nil`).
    struct UserGesture: Codable, Sendable {
        var event: Int
        var response: NotificationResponse?
        var alarmPress: AlarmCenterSnapshot.Press?
    }

    static func url(in directory: URL) -> URL { directory.appendingPathComponent("system.json") }

    static func load(from directory: URL) throws -> SystemState? {
        let url = url(in: directory)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(SystemState.self, from: Data(contentsOf: url))
    }

    func save(to directory: URL) throws {
        try JSONEncoder().encode(self).write(to: Self.url(in: directory), options: .atomic)
    }
}
