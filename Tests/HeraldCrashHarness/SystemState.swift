import Foundation
import Herald
import HeraldSimulator

/// What the operating system keeps while the app's process dies: the notification
/// center's snapshot, the device clock (the snapshot leaves it out), and the responses
/// the user gave, so that a response cut short by a kill reaches the relaunched app
/// again, the same one (same response id).
///
/// Saved atomically (a temporary file renamed over the old one) after every call that
/// changes the center, so whatever the app did to the system survives a kill.
struct SystemState: Codable, Sendable {
    var center: SimulatorSnapshot
    var now: Date
    var timeZoneIdentifier: String
    /// The user's gesture for each scenario event that asked for one, once chosen.
    var gestures: [UserGesture]

    /// What the user did for one scenario event: act on a notification, or nothing
    /// when none of that habit was in the list.
    struct UserGesture: Codable, Sendable {
        var event: Int
        var response: NotificationResponse?
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
