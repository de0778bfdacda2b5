import Foundation
import Herald

/// One entry of the simulated device's timeline: a lifecycle transition, a delivery and
/// how it was presented, a response handed to the app, or something the user did, at
/// its virtual instant.
///
/// ``SimulatedDevice/events`` keeps them in order, so scenario timelines can show
/// presentation and lifecycle side by side.
///
/// ```swift
/// try await device.tap("water")               // the app was not running
/// let kinds = await device.events.suffix(2).map(\.kind)
/// // [.launched(.foreground), .responded(tap)] at the same instant
/// ```
public struct DeviceEvent: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The virtual instant it happened.
    public var date: Date
    public var kind: Kind

    public init(date: Date, kind: Kind) {
        self.date = date
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable, Codable {
        /// A new process started, into this state (`didFinishLaunching(in:)`).
        case launched(AppState)
        /// The app came back from the background (`didBecomeActive()`).
        case becameActive
        /// The app left the foreground (`didEnterBackground()`).
        case enteredBackground
        /// The process ended normally (`willTerminate()` was called).
        case terminated
        /// The process died without a word.
        case crashed
        /// The user swiped the app away in the app switcher: the process was killed
        /// without `willTerminate()`.
        case forceQuit
        /// A crossing of a monitored region was reported, and how it reached the app.
        case region(RegionEvent, RegionEventWake)
        /// A notification arrived and was presented.
        case delivered(PresentedNotification)
        /// A response was handed to the app (`didReceive(_:)`).
        case responded(NotificationResponse)
        /// The user swiped a notification away; `reported` when the app is told (custom
        /// dismiss), in which case a ``responded(_:)`` follows.
        case dismissed(identifier: String, reported: Bool)
        /// The user cleared notifications from the list; the app is not told.
        case cleared(identifiers: [String])
        /// The user changed the app's permission in Settings.
        case authorizationChanged(AuthorizationStatus)
        /// The user changed the app's alert, sound or badge switch in Settings.
        case settingsChanged(NotificationSettings)
        /// The user changed the app's location access in Settings.
        case locationAccessChanged(LocationAccess)
        /// A local midnight passed, the zone changed or the clock was set, and the
        /// running app was told: at the instant in the foreground, when it next ran
        /// if it was suspended.
        case timeChanged(TimeChange)
        /// The system gave the app background time (`performBackgroundRefresh()`).
        case backgroundRefresh
        /// The system would have given background time, but the user force-quit the
        /// app: it was not launched.
        case backgroundRefreshWithheld
    }

    /// A line for timelines: `launched foreground`, `delivered water: banner, list, sound, badge (background)`.
    public var description: String {
        switch kind {
        case .launched(let state): "launched \(state)"
        case .timeChanged(let change): "time changed: \(change.rawValue)"
        case .backgroundRefresh: "background refresh"
        case .backgroundRefreshWithheld: "background refresh withheld (force-quit)"
        case .forceQuit: "force-quit"
        case .region(let event, let wake): "region \(event) (\(wake.rawValue))"
        case .becameActive: "became active"
        case .enteredBackground: "entered background"
        case .terminated: "terminated"
        case .crashed: "crashed"
        case .delivered(let presented):
            "delivered \(presented.identifier): \(presented.presentation) (\(presented.appState))"
        case .responded(let response):
            "responded \(response.notification.request.identifier): \(Self.actionName(response))"
        case .dismissed(let identifier, let reported):
            reported ? "dismissed \(identifier) (reported)" : "dismissed \(identifier)"
        case .cleared(let identifiers): "cleared \(identifiers.joined(separator: ", "))"
        case .authorizationChanged(let status): "authorization \(status.rawValue)"
        case .settingsChanged(let settings): "settings \(settings)"
        case .locationAccessChanged(let access): "location access \(access)"
        }
    }

    private static func actionName(_ response: NotificationResponse) -> String {
        let name = switch response.actionIdentifier {
        case NotificationResponse.defaultActionIdentifier: "tap"
        case NotificationResponse.dismissActionIdentifier: "dismiss"
        case let action: action
        }
        return response.userText.map { "\(name) \"\($0)\"" } ?? name
    }
}
