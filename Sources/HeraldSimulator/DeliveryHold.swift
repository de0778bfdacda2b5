import Foundation
import Herald

/// What held a notification back after it fell due, and when it was due: the scheduled
/// summary (``SimulatedNotificationCenter/setScheduledSummary(_:)``) or a Focus
/// (``SimulatedNotificationCenter/setFocus(until:)``). A held notification is shown,
/// listed and counted when the hold releases it; its ``DeliveryRecord`` is dated then.
///
/// ```swift
/// let record = try #require(await center.deliveryLog.last)
/// #expect(record.hold == DeliveryHold(reason: .summary, dueDate: nine))   // shown at 18:00
/// ```
public struct DeliveryHold: Hashable, Sendable, Codable {
    /// What held it.
    public enum Reason: String, Hashable, Sendable, Codable {
        /// The scheduled summary: passive and active notifications wait for its next time.
        case summary
        /// A Focus that does not allow the app: only time-sensitive and critical
        /// notifications break through.
        case focus
    }

    public var reason: Reason
    /// When it fell due.
    public var dueDate: Date

    public init(reason: Reason, dueDate: Date) {
        self.reason = reason
        self.dueDate = dueDate
    }
}

/// A notification that fell due and waits for its hold to release it.
struct HeldDelivery: Hashable, Sendable, Codable {
    var request: NotificationRequest
    var dueDate: Date
    var outcome: DeliveryRecord.Outcome
    /// The summary time that releases it, when the summary holds it.
    var summaryRelease: Date?
    /// Whether the Focus holds it (released when the Focus ends).
    var heldByFocus: Bool
}
