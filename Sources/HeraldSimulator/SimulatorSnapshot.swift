import Foundation
import Herald

/// The simulated system's state, saved so that it survives the app: a crash test kills
/// the app's process, keeps the snapshot, and restores the center for the relaunch.
///
/// ```swift
/// let saved = await center.snapshot()
/// let data = try JSONEncoder().encode(saved)          // it is Codable
/// // ... the app "crashes" ...
/// let relaunched = SimulatedNotificationCenter(
///     restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data),
///     clock: clock
/// )
/// ```
public struct SimulatorSnapshot: Hashable, Sendable, Codable {
    public var capacity: Int
    public var dropRule: DropRule
    /// Pending requests in order of addition.
    public var pending: [ScheduledRequest]
    public var nextSequence: Int
    public var delivered: [DeliveredNotification]
    public var badgeCount: Int
    public var categories: Set<NotificationCategory>
    public var authorization: AuthorizationStatus
    public var userAnswer: UserAuthorizationAnswer
    public var droppedRequests: [NotificationRequest]
    public var deliveryLog: [DeliveryRecord]
}

extension SimulatedNotificationCenter {
    /// The system's state now, to restore with ``init(restoring:clock:)``. The clock is
    /// not part of it: it keeps running while the app is dead.
    public func snapshot() -> SimulatorSnapshot {
        SimulatorSnapshot(
            capacity: capacity,
            dropRule: dropRule,
            pending: pending.values.sorted { $0.sequence < $1.sequence },
            nextSequence: nextSequence,
            delivered: delivered.notifications(),
            badgeCount: badgeCount,
            categories: categories,
            authorization: authorization,
            userAnswer: userAnswer,
            droppedRequests: droppedRequests,
            deliveryLog: deliveryLog
        )
    }
}
