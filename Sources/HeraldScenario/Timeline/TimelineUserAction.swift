import Foundation
import Herald

/// Something the simulated user did to a notification during a scenario run: which
/// notification, what gesture, and whether it happened on the system's notification
/// or on the app's in-app prompt.
///
/// ```swift
/// if case .user(let user) = entry { print(user.local, user.gesture, user.identifier) }  // 09:05 tap herald:...
/// ```
public struct TimelineUserAction: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    public var gesture: Gesture
    /// The notification acted on (empty for `clear all`).
    public var identifier: String
    /// Acted on the app's in-app prompt rather than the system's notification.
    public var inPrompt: Bool

    package init(date: Date, local: LocalDateTime, gesture: Gesture, identifier: String, inPrompt: Bool = false) {
        self.date = date
        self.local = local
        self.gesture = gesture
        self.identifier = identifier
        self.inPrompt = inPrompt
    }

    public enum Gesture: Hashable, Sendable, CustomStringConvertible {
        case tap
        /// Chose the action with this id.
        case action(String)
        /// Typed text into the action with this id.
        case text(action: String, text: String)
        case dismiss
        case clear
        case clearAll
        /// Pressed this button of a sounding alarm.
        case alarm(SystemAlarm.ButtonPress)

        public var description: String {
            switch self {
            case .tap: "tap"
            case .action(let id): "action \(id)"
            case .text(let action, let text): "text \(action) \"\(text)\""
            case .dismiss: "dismiss"
            case .clear: "clear"
            case .clearAll: "clear all"
            case .alarm(let button): "alarm \(ScenarioEvent.Action.name(of: button))"
            }
        }

        /// The gesture's name in JSON: `tap`, `action`, `text`, `dismiss`, `clear`, `alarm`.
        package var name: String {
            switch self {
            case .tap: "tap"
            case .action: "action"
            case .text: "text"
            case .dismiss: "dismiss"
            case .clear, .clearAll: "clear"
            case .alarm: "alarm"
            }
        }
    }
}
