import Foundation

extension RouteSessionState {
    /// A waypoint reached during a route session: when, and what became of its spot
    /// notification.
    ///
    /// ```swift
    /// let visit = RouteVisit(waypointID: "fountain", date: now, outcome: .sent)
    /// ```
    public struct Visit: Hashable, Sendable, Codable {
        public var waypointID: String
        public var date: Date
        public var outcome: RouteSessionState.NotificationOutcome

        public init(waypointID: String, date: Date, outcome: RouteSessionState.NotificationOutcome) {
            self.waypointID = waypointID
            self.date = date
            self.outcome = outcome
        }
    }
}

/// `RouteSessionState.Visit` by its former name, inside the package.
package typealias RouteVisit = RouteSessionState.Visit
