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
    /// Where the device is; `nil` before its first position. The device keeps moving
    /// while the app is dead, so a resumed walk starts here, not at its first waypoint.
    public var position: Coordinate?
    /// For each pending location request, whether the device was inside its region at
    /// the last position: a crossing after the relaunch is measured against it, so an
    /// exit right after a resume is heard and being inside still is not a new entry.
    /// `nil` in a snapshot saved before positions were kept (no crossing known yet).
    public var insideRegions: [String: Bool]?
    /// How long after a boundary crossing a location trigger fires; `nil` in an older
    /// snapshot, which restores the platform's 20 s.
    public var regionDelay: TimeInterval?
    /// The regions the app monitors (they survive the app, as on iOS), by identifier;
    /// whether the device was inside each; crossings not reported yet. `nil` in older
    /// snapshots.
    public var monitoredRegions: [LocationRegion]?
    public var insideMonitoredRegions: [String: Bool]?
    public var regionEvents: [RegionEvent]?
    /// What the app sees of its pending requests while notifications are turned off;
    /// `nil` in older snapshots, which restore ``DeniedCenter/empty``.
    public var deniedCenter: DeniedCenter?
    /// Whether the app reads location deliveries back; `nil` in older snapshots, which
    /// restore ``LocationDeliveries/hidden``.
    public var locationDeliveries: LocationDeliveries?
    /// The user's alert, sound and badge switches; `nil` in older snapshots, which
    /// restore everything on.
    public var notificationSettings: NotificationSettings?
    /// The user's location access; `nil` in older snapshots, which restore
    /// `LocationAccess.always`.
    public var locationAccess: LocationAccess?
    /// The scheduled summary's times, the Focus's end and the notifications they hold;
    /// `nil` (none) in older snapshots.
    public var summaryTimes: [LocalTime]?
    public var focusUntil: Date?
    var held: [HeldDelivery]?
    /// Which goes first at one instant, a delivery or a crossing's report; `nil` in older
    /// snapshots, which restore ``SameInstantOrder/deliveriesFirst``.
    public var sameInstantOrder: SameInstantOrder?
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
            deliveryLog: deliveryLog,
            position: position,
            insideRegions: insideRegion.filter { pending[$0.key] != nil },
            regionDelay: regionDelay,
            monitoredRegions: monitoredRegionList(),
            insideMonitoredRegions: insideMonitoredRegion,
            regionEvents: pendingRegionEvents(),
            deniedCenter: deniedCenter,
            locationDeliveries: locationDeliveries,
            notificationSettings: settings,
            locationAccess: locationAccess,
            summaryTimes: summaryTimes,
            focusUntil: focusUntil,
            held: held,
            sameInstantOrder: sameInstantOrder == .deliveriesFirst ? nil : sameInstantOrder
        )
    }
}
