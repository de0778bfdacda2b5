import Foundation

/// The route session in progress, as Herald keeps it in its ``EngineStore``: the
/// route, when it started, the waypoints reached, and the completion, so that a crash
/// or a kill never sends the completion twice and never loses it.
///
/// Its notifications are planned from this state on every run until the fired log
/// has them (kind ``NotificationKind/event``, entity ``RouteSession/entity``, rule
/// ``spotRule`` or ``completionRule``), so one that was due when the app died is sent
/// by the next run, and one that was delivered is never planned again.
///
/// ```swift
/// let state = RouteSessionState(session: walk, startedAt: now)
/// let changes = state.progress(to: here, at: now, suppression: nil)  // visits, completion
/// try store.commit(changes)
/// ```
public struct RouteSessionState: Hashable, Sendable, Codable {
    public var session: RouteSession
    public var startedAt: Date
    /// Waypoints reached, by waypoint id; the first visit is kept.
    public var visits: [String: RouteVisit]
    /// Set once, when every waypoint was reached.
    public var completion: RouteCompletion?
    /// This session's notifications the center accepted or delivered: never planned
    /// again, however long ago that was.
    public var delivered: Set<NotificationIdentifier>
    /// When the user first opened or dismissed the completion notification (any
    /// response to it): from then on it no longer counts toward the badge.
    public var completionAcknowledged: Date?

    public init(session: RouteSession, startedAt: Date, visits: [String: RouteVisit] = [:],
                completion: RouteCompletion? = nil, delivered: Set<NotificationIdentifier> = [],
                completionAcknowledged: Date? = nil) {
        self.session = session
        self.startedAt = startedAt
        self.visits = visits
        self.completion = completion
        self.delivered = delivered
        self.completionAcknowledged = completionAcknowledged
    }

    // Sorts before `completion`: a spot and the completion due at one instant are
    // delivered spot first (the planner orders events of one instant by identifier).
    static let spotRule = "arrived"
    static let completionRule = "completion"

    /// Tells this session's notifications from those of an earlier session of the
    /// same route: its start, in milliseconds since 1970.
    public var sessionKey: String {
        let milliseconds = (startedAt.timeIntervalSince1970 * 1000).rounded(.down)
        return "s" + String(Int64(exactly: milliseconds) ?? 0)
    }

    /// The identifier of the spot notification of a waypoint.
    public func spotIdentifier(_ waypointID: String) -> NotificationIdentifier {
        NotificationIdentifier(entity: session.entity, rule: Self.spotRule,
                               occurrence: OccurrenceKey(rawValue: "\(sessionKey).\(waypointID)"), kind: .event)
    }

    /// The identifier of the completion notification.
    public var completionIdentifier: NotificationIdentifier {
        NotificationIdentifier(entity: session.entity, rule: Self.completionRule,
                               occurrence: OccurrenceKey(rawValue: sessionKey), kind: .event)
    }

    /// The changes a new position makes: a visit for each waypoint within the
    /// threshold not reached yet and, when that reaches the last one, the completion.
    /// Each carries the outcome `suppression` gives (`nil`: sent). Pure; empty when
    /// nothing changes (the completion is never recorded twice).
    public func progress(to position: Coordinate, at now: Date, suppression: RouteSuppression?) -> [EngineStateChange] {
        guard completion == nil, position.isValid else { return [] }
        let outcome: RouteNotificationOutcome = suppression.map { .suppressed($0) } ?? .sent
        var changes: [EngineStateChange] = []
        var visited = Set(visits.keys)
        for waypoint in session.waypoints where !visited.contains(waypoint.id)
            && waypoint.coordinate.distance(to: position) <= session.proximityThreshold {
            visited.insert(waypoint.id)
            changes.append(.recordRouteVisit(session: sessionKey, RouteVisit(waypointID: waypoint.id, date: now, outcome: outcome)))
        }
        let total = session.waypoints.count
        if !changes.isEmpty, visited.count >= total {
            let summary = RouteSummary(sessionID: session.id, visitedCount: visited.count, totalWaypoints: total,
                                       distance: session.distance, duration: now.timeIntervalSince(startedAt))
            changes.append(.completeRoute(session: sessionKey, RouteCompletion(date: now, summary: summary, outcome: outcome)))
        }
        return changes
    }

    /// Applies a visit or the completion when it is this session's; the first is kept.
    mutating func apply(visit: RouteVisit, key: String) {
        guard key == sessionKey, visits[visit.waypointID] == nil,
              session.waypoints.contains(where: { $0.id == visit.waypointID }) else { return }
        visits[visit.waypointID] = visit
    }

    mutating func apply(completion done: RouteCompletion, key: String) {
        guard key == sessionKey, completion == nil else { return }
        completion = done
    }

    /// Whether an identifier names a notification of this session (not of an earlier
    /// session of the same route).
    public func owns(_ identifier: NotificationIdentifier) -> Bool {
        guard identifier.entity == session.entity, identifier.kind == .event else { return false }
        let occurrence = identifier.occurrence.rawValue
        return occurrence == sessionKey || occurrence.hasPrefix(sessionKey + ".")
    }

    mutating func apply(delivered identifier: NotificationIdentifier, key: String) {
        guard key == sessionKey, owns(identifier) else { return }
        delivered.insert(identifier)
    }

    /// Records the first response to the completion, when it is this session's.
    mutating func apply(completionAcknowledgedAt date: Date, key: String) {
        guard key == sessionKey, completionAcknowledged == nil else { return }
        completionAcknowledged = date
    }

    /// The completion notification while it asks to be opened (seed 001 badges it):
    /// sent, and neither opened nor dismissed. `nil` before the completion, when it was
    /// suppressed, and once the user responded to it. Spot notifications never ask:
    /// they say where the walker is, and the seed badges only the completion.
    ///
    /// ```swift
    /// input.routeCompletion = session.outstandingCompletion   // counted while pending or delivered
    /// ```
    public var outstandingCompletion: NotificationIdentifier? {
        guard let completion, completion.outcome == .sent, completionAcknowledged == nil else { return nil }
        return completionIdentifier
    }

    /// The notifications still to send: sent visits and the completion neither
    /// ``delivered`` nor in `fired` (the fired log), as events due `now`.
    public func dueNotifications(now: Date, fired: Set<NotificationIdentifier>) -> [PostedEvent] {
        let fired = fired.union(delivered)
        var result: [PostedEvent] = []
        for waypoint in session.waypoints {
            guard let visit = visits[waypoint.id], visit.outcome == .sent else { continue }
            let identifier = spotIdentifier(waypoint.id)
            guard !fired.contains(identifier) else { continue }
            result.append(PostedEvent(identifier: identifier, content: spotContent(waypoint), fireDate: now, postedAt: now))
        }
        if let completion, completion.outcome == .sent, !fired.contains(completionIdentifier) {
            result.append(PostedEvent(identifier: completionIdentifier, content: completionContent(completion.summary),
                                      fireDate: now, postedAt: now))
        }
        return result
    }

    /// The waypoints not reached yet, as places for the platform to watch (identified by
    /// their spot notification's identifier), in walking order.
    public var watchedPlaces: [MonitoredPlace] {
        session.waypoints.filter { visits[$0.id] == nil }.map {
            MonitoredPlace(identifier: spotIdentifier($0.id).description, kind: .waypoint, center: $0.coordinate,
                           radius: session.proximityThreshold, name: $0.name)
        }
    }

    private var placeholders: [String: String] {
        ["route": session.name, "total": String(session.waypoints.count), "visited": String(visits.count)]
    }

    func spotContent(_ waypoint: Waypoint) -> NotificationContent {
        var values = placeholders
        values["name"] = waypoint.name
        return NotificationContent(
            title: RouteMessages.fill(session.messages.spotTitle, values),
            body: RouteMessages.fill(session.messages.spotBody, values),
            categoryIdentifier: session.categoryIdentifier,
            userInfo: [RouteSummary.Key.type: .string(RouteSummary.Key.spotType),
                       RouteSummary.Key.session: .string(session.id), RouteSummary.Key.waypoint: .string(waypoint.id)])
    }

    func completionContent(_ summary: RouteSummary) -> NotificationContent {
        var values = placeholders
        values["visited"] = String(summary.visitedCount)
        return NotificationContent(
            title: RouteMessages.fill(session.messages.completionTitle, values),
            body: RouteMessages.fill(session.messages.completionBody, values),
            categoryIdentifier: session.categoryIdentifier, userInfo: summary.extras)
    }
}
