import Foundation

/// The walking route's decisions in a run, pure functions of what it read: before
/// planning, the session's notifications the fired log has are recorded in it as
/// delivered; after applying, so are those the center accepted. Either way they are
/// never planned again in the session.
///
/// ```swift
/// let (changes, route) = RouteDeliveryStep.recordingDeliveries(log, in: state.routeSession)
/// let handed = RouteDeliveryStep.handOver(of: diff.additions, failed: outcome.failedAdds, in: route)
/// ```
enum RouteDeliveryStep {
    /// The session's notifications in the fired log it has not recorded
    /// (``RunFiredLog/unrecorded``), as changes, and the session with them recorded.
    static func recordingDeliveries(_ log: RunFiredLog, in session: RouteSessionState?)
        -> (changes: [EngineStateChange], route: RouteSessionState?) {
        guard var session else { return ([], nil) }
        for identifier in log.unrecorded { session.apply(delivered: identifier, key: session.sessionKey) }
        return (log.unrecorded.map { .recordRouteDelivered(session: session.sessionKey, $0) }, session)
    }

    /// The session's notifications among `added` that the center accepted (not in
    /// `failed`): from now on they are never planned again, even if the user clears
    /// them before a run sees them delivered.
    static func handOver(of added: [NotificationRequest], failed: [String], in route: RouteSessionState)
        -> [EngineStateChange] {
        let failed = Set(failed)
        return added.compactMap { request in
            guard !failed.contains(request.identifier), let identifier = request.heraldIdentifier,
                  route.owns(identifier) else { return nil }
            return .recordRouteDelivered(session: route.sessionKey, identifier)
        }
    }
}
