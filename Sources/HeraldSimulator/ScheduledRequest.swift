import Foundation
import Herald

/// A pending request as the simulated system holds it: the request, when it was added,
/// its place in the order of additions, and when it fires next.
///
/// Tests read it to see what the system will do without advancing time.
///
/// ```swift
/// let schedule = await center.pendingSchedule()
/// #expect(schedule.first?.nextFireDate == nineOClock)
/// ```
public struct ScheduledRequest: Hashable, Sendable, Codable {
    public var request: NotificationRequest
    /// The order of additions: a later `add` (also one that replaces) has a higher number.
    /// Requests due at the same instant fire in this order.
    public var sequence: Int
    /// The virtual instant of the `add`; time-interval triggers count from it.
    public var addedAt: Date
    /// When the request fires next; `nil` for a location trigger, which waits for the
    /// device to enter or leave its region.
    public var nextFireDate: Date?

    public init(request: NotificationRequest, sequence: Int, addedAt: Date, nextFireDate: Date?) {
        self.request = request
        self.sequence = sequence
        self.addedAt = addedAt
        self.nextFireDate = nextFireDate
    }

    public var identifier: String { request.identifier }

    /// Whether this request fires before `other`: by fire date, then order of addition.
    /// Requests without a fire date come last.
    func firesBefore(_ other: ScheduledRequest) -> Bool {
        switch (nextFireDate, other.nextFireDate) {
        case let (mine?, theirs?) where mine != theirs: mine < theirs
        case (nil, _?): false
        case (_?, nil): true
        default: sequence < other.sequence
        }
    }
}
