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

    package init(date: Date, local: LocalDateTime, notification: Notification, routeID: String, routeName: String,
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
    package var text: String {
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
    /// The steps of the route changes a position recorded (``ReconcileReport/routeChanges``):
    /// each waypoint reached (in walking order, as the engine lists them), then the
    /// completion if it came, numbered from `after`, the route as it is now. The cost
    /// grows with the waypoints reached, not with the route: a walk along 28,000 pays
    /// nothing for the positions that reach none.
    static func steps(of changes: [EngineStateChange], in after: RouteSessionState, at date: Date,
                      local: LocalDateTime) -> [TimelineRouteProgress] {
        let session = after.session
        let visits = changes.compactMap { change -> RouteVisit? in
            if case .recordRouteVisit(_, let visit) = change { visit } else { nil }
        }
        var visited = after.visits.count - visits.count
        var steps: [TimelineRouteProgress] = []
        for visit in visits {
            visited += 1
            let waypoint = session.waypoints.first { $0.id == visit.waypointID }
            steps.append(TimelineRouteProgress(
                date: date, local: local, notification: .spot, routeID: session.id, routeName: session.name,
                waypointID: visit.waypointID, waypointName: waypoint?.name, visited: visited,
                total: session.waypoints.count, suppressed: visit.outcome.suppression))
        }
        for change in changes {
            guard case .completeRoute(_, let completion) = change else { continue }
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
