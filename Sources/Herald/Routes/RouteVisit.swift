import Foundation

/// A waypoint reached during a route session: when, and what became of its spot
/// notification.
///
/// ```swift
/// let visit = RouteVisit(waypointID: "fountain", date: now, outcome: .sent)
/// ```
public struct RouteVisit: Hashable, Sendable, Codable {
    public var waypointID: String
    public var date: Date
    public var outcome: RouteNotificationOutcome

    public init(waypointID: String, date: Date, outcome: RouteNotificationOutcome) {
        self.waypointID = waypointID
        self.date = date
        self.outcome = outcome
    }
}
