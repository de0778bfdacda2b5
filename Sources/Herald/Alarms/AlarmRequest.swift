import Foundation

/// One alarm Herald asks the system for: its id (derived from Herald's identifier, so a
/// relaunch finds it again without a lookup), when it sounds, and what it shows.
///
/// ```swift
/// let request = AlarmRequest(identifier: identifier, schedule: .fixed(date), title: "Blood pressure pill",
///                            secondary: .snooze(title: "Later", minutes: 10))
/// request.id == AlarmRequest.id(for: identifier) // true
/// ```
public struct AlarmRequest: Hashable, Sendable {
    /// The system's id for the alarm: ``id(for:)`` of ``identifier``.
    public var id: UUID
    /// Herald's identity of the occurrence (or weekly slot) the alarm stands for.
    public var identifier: NotificationIdentifier
    /// When it sounds.
    public var schedule: AlarmSchedule
    /// The alert's title.
    public var title: String
    /// The stop button's text (AlarmKit 26.0 draws it; from 26.1 the system's own).
    public var stopTitle: String
    /// The second button, if any.
    public var secondary: AlarmRequest.SecondaryButton?

    public init(identifier: NotificationIdentifier, schedule: AlarmSchedule, title: String,
                stopTitle: String = "Stop", secondary: AlarmRequest.SecondaryButton? = nil) {
        id = Self.id(for: identifier)
        self.identifier = identifier
        self.schedule = schedule
        self.title = title
        self.stopTitle = stopTitle
        self.secondary = secondary
    }

    /// The alarm id Herald uses for an identifier: a version-8 UUID made of two FNV-1a
    /// hashes of the identifier's text, the same on every run and every device.
    public static func id(for identifier: NotificationIdentifier) -> UUID {
        let text = identifier.description.utf8
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = second &+ (second >> 29)
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: second >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x80 // version 8: custom
        bytes[8] = (bytes[8] & 0x3f) | 0x80 // RFC 9562 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

extension AlarmRequest {
    /// An alarm's second button.
    public enum SecondaryButton: Hashable, Sendable, Codable {
        /// Snooze: the alarm counts down `minutes` and sounds again (AlarmKit's
        /// `.countdown` behaviour with a post-alert duration).
        case snooze(title: String, minutes: Int)
        /// One of the app's actions (``HeraldAction`` or its own identifier), run through an
        /// App Intent without changing the alarm; Herald hands it to the app as a response.
        case action(identifier: String, title: String)
    }
}

/// `AlarmRequest.SecondaryButton` by its former name, inside the package.
package typealias AlarmSecondaryButton = AlarmRequest.SecondaryButton
