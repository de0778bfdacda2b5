import Foundation
import Herald

/// A waypoint of the route in progress reached, or the route completed (seed 001), as
/// the engine recorded it: the counts the notification carries, and whether it was sent
/// or why not. The notification itself is a delivery of its own, once it fires.
///
/// ```swift
/// if case .routeProgress(let progress) = entry, progress.notification == .completion {
///     print(progress.visited, progress.total, progress.distance ?? 0, progress.duration ?? 0)   // 3 3 203.1 80
/// }
/// ```
public struct TimelineRouteProgress: Hashable, Sendable {
    /// Which notification the step is for.
    public enum Notification: String, Hashable, Sendable {
        case spot, completion
    }

    public var date: Date
    public var local: LocalDateTime
    public var notification: Notification
    /// The route's id and name.
    public var routeID: String
    public var routeName: String
    /// The waypoint reached, for a spot.
    public var waypointID: String?
    public var waypointName: String?
    /// Waypoints reached so far in the session, this one included, and how many there are.
    public var visited: Int
    public var total: Int
    /// The route's length along its waypoints in metres, for the completion.
    public var distance: Double?
    /// Seconds from the start of the session, for the completion.
    public var duration: TimeInterval?
    /// Why its notification was not sent; `nil` when it was.
    public var suppressed: String?

    public init(date: Date, local: LocalDateTime, notification: Notification, routeID: String, routeName: String,
                waypointID: String? = nil, waypointName: String? = nil, visited: Int, total: Int,
                distance: Double? = nil, duration: TimeInterval? = nil, suppressed: String? = nil) {
        self.date = date
        self.local = local
        self.notification = notification
        self.routeID = routeID
        self.routeName = routeName
        self.waypointID = waypointID
        self.waypointName = waypointName
        self.visited = visited
        self.total = total
        self.distance = distance
        self.duration = duration
        self.suppressed = suppressed
    }

    /// `spot "Spot A" reached, 1 of 3` or `completion of "Mitte": 3 of 3 visited, 203 m in 80 s`,
    /// then `, not sent: <why>` when suppressed.
    public var text: String {
        let head: String = switch notification {
        case .spot:
            "spot \"\(waypointName ?? waypointID ?? "")\" reached, \(visited) of \(total)"
        case .completion:
            "completion of \"\(routeName)\": \(visited) of \(total) visited, "
                + "\(Int((distance ?? 0).rounded())) m in \(Int((duration ?? 0).rounded())) s"
        }
        return head + (suppressed.map { ", not sent: \($0)" } ?? "")
    }
}

extension TimelineRouteProgress {
    /// The steps between two readings of the route in progress: each waypoint reached
    /// since `before` (in walking order), then the completion if it came; none when
    /// `after` is another session's end or there is no route.
    static func steps(from before: RouteSessionState?, to after: RouteSessionState?, at date: Date,
                      local: LocalDateTime) -> [TimelineRouteProgress] {
        guard let after else { return [] }
        let earlier = before?.sessionKey == after.sessionKey ? before : nil
        let session = after.session
        var visited = earlier?.visits.count ?? 0
        var steps: [TimelineRouteProgress] = []
        for waypoint in session.waypoints {
            guard let visit = after.visits[waypoint.id], earlier?.visits[waypoint.id] == nil else { continue }
            visited += 1
            steps.append(TimelineRouteProgress(
                date: date, local: local, notification: .spot, routeID: session.id, routeName: session.name,
                waypointID: waypoint.id, waypointName: waypoint.name, visited: visited, total: session.waypoints.count,
                suppressed: visit.outcome.suppression))
        }
        if let completion = after.completion, earlier?.completion == nil {
            let summary = completion.summary
            steps.append(TimelineRouteProgress(
                date: date, local: local, notification: .completion, routeID: session.id, routeName: session.name,
                visited: summary.visitedCount, total: summary.totalWaypoints, distance: summary.distance,
                duration: summary.duration, suppressed: completion.outcome.suppression))
        }
        return steps
    }
}

extension RouteNotificationOutcome {
    /// Why the notification was not sent; `nil` when it was.
    var suppression: String? {
        switch self {
        case .sent: nil
        case .suppressed(let why): why.description
        }
    }
}
