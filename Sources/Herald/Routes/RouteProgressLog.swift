import Foundation
import Logging

/// Logs what a position recorded of the route in progress: each waypoint reached and
/// the route's completion.
///
/// ```swift
/// RouteProgressLog.log(outcome.routeChanges, to: logger)
/// ```
enum RouteProgressLog {
    static func log(_ changes: [EngineStateChange], to logger: Logger) {
        for change in changes {
            if case .recordRouteVisit(_, let visit) = change {
                logger.debug("waypoint reached", metadata: ["waypoint": "\(visit.waypointID)", "outcome": "\(visit.outcome)"])
            } else if case .completeRoute(_, let completion) = change {
                logger.debug("route complete", metadata: [
                    "visited": "\(completion.summary.visitedCount)", "outcome": "\(completion.outcome)",
                ])
            }
        }
    }
}
