import Foundation
import Herald

/// One firing of a request, as the simulated system handled it: shown, shown quietly,
/// or suppressed because the app may not deliver notifications.
///
/// ``SimulatedNotificationCenter/deliveryLog`` keeps every firing in order, including
/// those the user never saw, so a test can tell "did not fire" from "fired while denied".
///
/// ```swift
/// let log = await center.deliveryLog
/// #expect(log.map(\.outcome) == [.delivered, .suppressed])
/// ```
public struct DeliveryRecord: Hashable, Sendable, Codable {
    /// The notification, dated at the virtual instant it fired.
    public var notification: DeliveredNotification
    public var outcome: Outcome
    /// What held it back after it fell due (the notification is dated when it was
    /// shown); `nil` when it was shown at once.
    public var hold: DeliveryHold?

    public init(notification: DeliveredNotification, outcome: Outcome, hold: DeliveryHold? = nil) {
        self.notification = notification
        self.outcome = outcome
        self.hold = hold
    }

    /// What the system did with a request that fired.
    public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
        /// Added to the delivered list; its badge, if any, was applied.
        case delivered
        /// Delivered under provisional authorization: added to the list (and its badge
        /// applied) without sound or banner.
        case deliveredQuietly
        /// Fired while the app was not authorized (`denied` or `notDetermined`): not
        /// shown, not in the delivered list, badge untouched.
        case suppressed
    }
}
