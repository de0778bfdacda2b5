import Foundation
import Herald
import HeraldSimulator

/// A change of the app's process or permission during a scenario run: launched,
/// became active, entered the background, terminated, crashed, said it is ready, or
/// the notification permission or settings changed.
///
/// ```swift
/// let launches = result.lifecycle.filter { if case .launched = $0.change { true } else { false } }
/// ```
public struct TimelineLifecycle: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    public var change: Change

    package init(date: Date, local: LocalDateTime, change: Change) {
        self.date = date
        self.local = local
        self.change = change
    }

    public enum Change: Hashable, Sendable, CustomStringConvertible {
        /// A new process started, into this state.
        case launched(AppState)
        case becameActive
        case enteredBackground
        case terminated
        case crashed
        /// The user swiped the app away: the process was killed.
        case forceQuit
        /// The app said its data is loaded: queued responses flow from here.
        case ready
        /// The permission is now this (after the prompt or a change in Settings).
        case authorization(AuthorizationStatus)
        /// The user's alert, sound and badge switches are now these (a change in Settings).
        case notificationSettings(NotificationSettings)
        /// The user's location access is now this (a change in Settings).
        case locationAccess(LocationAccess)

        public var description: String {
            switch self {
            case .launched(let state): "launched into the \(state)"
            case .becameActive: "became active"
            case .enteredBackground: "entered the background"
            case .terminated: "terminated"
            case .crashed: "crashed"
            case .forceQuit: "force-quit by the user"
            case .ready: "app ready"
            case .authorization(let status): "notifications \(status.rawValue)"
            case .notificationSettings(let settings): "settings: \(settings)"
            case .locationAccess(let access): "location access \(access)"
            }
        }

        /// The change's name in JSON: `launched`, `became_active`, ...
        package var name: String {
            switch self {
            case .launched: "launched"
            case .becameActive: "became_active"
            case .enteredBackground: "entered_background"
            case .terminated: "terminated"
            case .crashed: "crashed"
            case .forceQuit: "force_quit"
            case .ready: "ready"
            case .authorization: "authorization"
            case .notificationSettings: "settings"
            case .locationAccess: "location_access"
            }
        }
    }
}
