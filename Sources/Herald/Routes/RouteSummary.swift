import Foundation

extension RouteSessionState {
    /// What the completion notification of a route session carries, and what the app
    /// receives typed when the user taps it (``ResponseHandoff/routeWalk``): the success summary.
    ///
    /// ```swift
    /// if case .completion(let summary) = route.routeWalk {
    ///     showSuccess("\(summary.visitedCount) of \(summary.totalWaypoints) spots, \(Int(summary.distance)) m")
    /// }
    /// ```
    public struct Summary: Hashable, Sendable, Codable {
        public var sessionID: String
        public var visitedCount: Int
        public var totalWaypoints: Int
        /// The route's length along its waypoints, in metres (``RouteSession/distance``).
        public var distance: Double
        /// From the session's start to the last waypoint reached, in seconds.
        public var duration: TimeInterval

        public init(sessionID: String, visitedCount: Int, totalWaypoints: Int, distance: Double, duration: TimeInterval) {
            self.sessionID = sessionID
            self.visitedCount = visitedCount
            self.totalWaypoints = totalWaypoints
            self.distance = distance
            self.duration = duration
        }

        /// The `userInfo` extras of the completion notification (the seed's keys).
        var extras: [String: JSONValue] {
            [
                Key.type: .string(Key.completionType), Key.session: .string(sessionID),
                Key.visited: .number(Double(visitedCount)), Key.total: .number(Double(totalWaypoints)),
                Key.distance: .number(distance), Key.duration: .number(duration),
            ]
        }

        /// The summary a completion notification's extras carry; `nil` when one is missing.
        init?(extras: [String: JSONValue]) {
            guard case .string(let session)? = extras[Key.session],
                  case .number(let visited)? = extras[Key.visited], case .number(let total)? = extras[Key.total],
                  case .number(let distance)? = extras[Key.distance], case .number(let duration)? = extras[Key.duration],
                  let visitedCount = Int(exactly: visited), let totalWaypoints = Int(exactly: total)
            else { return nil }
            self.init(sessionID: session, visitedCount: visitedCount, totalWaypoints: totalWaypoints,
                      distance: distance, duration: duration)
        }

        enum Key {
            static let type = "notificationType"
            static let completionType = "route_completion"
            static let spotType = "route_spot"
            static let session = "routeSession"
            static let waypoint = "waypoint"
            static let visited = "visitedCount"
            static let total = "totalWaypoints"
            static let distance = "routeDistance"
            static let duration = "routeDuration"
        }
    }
}

/// `RouteSessionState.Summary` by its former name, inside the package.
package typealias RouteSummary = RouteSessionState.Summary
