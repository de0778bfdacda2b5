import Foundation

/// The route session in progress, as Herald keeps it in its ``EngineStore``: the
/// route, when it started, the waypoints reached, and the completion, so that a crash
/// or a kill never sends the completion twice and never loses it.
///
/// Its notifications are planned from this state on every run until the fired log
/// has them (kind ``NotificationKind/event``, entity ``RouteSession/entity``, the rule
/// of ``spotIdentifier(_:)`` or ``completionIdentifier``), so one that was due when
/// the app died is sent by the next run, and one that was delivered is never planned
/// again.
///
/// ```swift
/// let state = RouteSessionState(session: walk, startedAt: now)
/// let changes = state.progress(to: here, at: now, suppression: nil)  // visits, completion
/// try store.commit(changes)
/// ```
public struct RouteSessionState: Hashable, Sendable, Codable {
    public var session: RouteSession { didSet { index = WaypointIndex(session); refreshAwaiting() } }
    public var startedAt: Date { didSet { refreshAwaiting() } }
    /// Waypoints reached, by waypoint id; the first visit is kept.
    public var visits: [String: RouteSessionState.Visit] {
        get { recorded }
        set { recorded = newValue; refreshAwaiting() }
    }
    /// Set once, when every waypoint was reached.
    public var completion: RouteSessionState.Completion?
    /// This session's notifications the center accepted or delivered: never planned
    /// again, however long ago that was.
    public var delivered: Set<NotificationIdentifier> {
        get { handedOver }
        set { handedOver = newValue; refreshAwaiting() }
    }
    /// When the user first opened or dismissed the completion notification (any
    /// response to it): from then on it no longer counts toward the badge.
    public var completionAcknowledged: Date?

    private var recorded: [String: RouteVisit]
    private var handedOver: Set<NotificationIdentifier>
    /// The session's waypoints by id and by place (built once per session).
    private var index: WaypointIndex
    /// The waypoints reached whose spot notification was sent and is not in
    /// ``delivered``: what ``dueNotifications(now:fired:)`` looks at, so a run costs
    /// the same after 1,000 visits as after one.
    private var awaiting: Set<String> = []
    /// How many of the session's waypoints were reached (visits of other ids left out).
    private var reachedCount = 0
    /// Each waypoint reached, with how many were reached up to it, itself included: the
    /// `{visited}` of its spot notification, the same at every run (a later visit does
    /// not change the text of a spot not delivered yet).
    private var ordinals: [String: Int] = [:]

    public init(session: RouteSession, startedAt: Date, visits: [String: RouteSessionState.Visit] = [:],
                completion: RouteSessionState.Completion? = nil, delivered: Set<NotificationIdentifier> = [],
                completionAcknowledged: Date? = nil) {
        self.session = session
        self.startedAt = startedAt
        self.recorded = visits
        self.completion = completion
        self.handedOver = delivered
        self.completionAcknowledged = completionAcknowledged
        self.index = WaypointIndex(session)
        refreshAwaiting()
    }

    private enum CodingKeys: String, CodingKey {
        case session, startedAt, visits, completion, delivered, completionAcknowledged
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(session: try container.decode(RouteSession.self, forKey: .session),
                  startedAt: try container.decode(Date.self, forKey: .startedAt),
                  visits: try container.decode([String: RouteVisit].self, forKey: .visits),
                  completion: try container.decodeIfPresent(RouteCompletion.self, forKey: .completion),
                  delivered: try container.decode(Set<NotificationIdentifier>.self, forKey: .delivered),
                  completionAcknowledged: try container.decodeIfPresent(Date.self, forKey: .completionAcknowledged))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(recorded, forKey: .visits)
        try container.encodeIfPresent(completion, forKey: .completion)
        try container.encode(handedOver, forKey: .delivered)
        try container.encodeIfPresent(completionAcknowledged, forKey: .completionAcknowledged)
    }

    public static func == (lhs: RouteSessionState, rhs: RouteSessionState) -> Bool {
        lhs.session == rhs.session && lhs.startedAt == rhs.startedAt && lhs.recorded == rhs.recorded
            && lhs.completion == rhs.completion && lhs.handedOver == rhs.handedOver
            && lhs.completionAcknowledged == rhs.completionAcknowledged
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(session)
        hasher.combine(startedAt)
        hasher.combine(recorded)
        hasher.combine(completion)
        hasher.combine(handedOver)
        hasher.combine(completionAcknowledged)
    }

    /// Recomputes ``awaiting`` from the visits and deliveries (when they are replaced).
    private mutating func refreshAwaiting() {
        var result: Set<String> = []
        for (waypointID, visit) in recorded where visit.outcome == .sent
            && !handedOver.contains(spotIdentifier(waypointID)) {
            result.insert(waypointID)
        }
        awaiting = result
        // In arrival order, as ``record(_:)`` numbers them: by time, then walking order.
        let reached = recorded.values.compactMap { visit in index.position(of: visit.waypointID).map { (visit, $0) } }
            .sorted { ($0.0.date, $0.1) < ($1.0.date, $1.1) }
        reachedCount = reached.count
        ordinals = Dictionary(uniqueKeysWithValues: reached.enumerated().map { ($1.0.waypointID, $0 + 1) })
    }

    /// The rule of every spot notification's identifier. It sorts before
    /// ``completionRule``: a spot and the completion due at one instant are delivered
    /// spot first (the planner orders events of one instant by identifier).
    public static let spotRule = "arrived"
    /// The rule of the completion notification's identifier.
    public static let completionRule = "completion"

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
    public func progress(to position: Coordinate, at now: Date, suppression: RouteSessionState.Suppression?) -> [EngineStateChange] {
        guard completion == nil, position.isValid else { return [] }
        let outcome: RouteNotificationOutcome = suppression.map { .suppressed($0) } ?? .sent
        var changes: [EngineStateChange] = []
        // Only the waypoints in the position's neighbourhood, in walking order.
        for place in index.candidates(near: position) {
            let waypoint = session.waypoints[place]
            guard recorded[waypoint.id] == nil, index.position(of: waypoint.id) == place,
                  waypoint.coordinate.distance(to: position) <= session.proximityThreshold else { continue }
            changes.append(.recordRouteVisit(session: sessionKey, RouteVisit(waypointID: waypoint.id, date: now, outcome: outcome)))
        }
        let total = session.waypoints.count
        let visitedCount = recorded.count + changes.count
        if !changes.isEmpty, visitedCount >= total {
            let summary = RouteSummary(sessionID: session.id, visitedCount: visitedCount, totalWaypoints: total,
                                       distance: session.distance, duration: now.timeIntervalSince(startedAt))
            changes.append(.completeRoute(session: sessionKey, RouteCompletion(date: now, summary: summary, outcome: outcome)))
        }
        return changes
    }

    /// Applies a visit or the completion when it is this session's; the first is kept.
    mutating func apply(visit: RouteVisit, key: String) {
        guard key == sessionKey, index.position(of: visit.waypointID) != nil else { return }
        record(visit)
    }

    /// Adds a stored visit as it was written, when its waypoint has none (a store
    /// reading its rows back): no check that the waypoint is the session's.
    package mutating func restore(visit: RouteVisit) {
        record(visit)
    }

    /// Adds a stored delivery as it was written (a store reading its rows back).
    package mutating func restore(delivered identifier: NotificationIdentifier) {
        handOver(identifier)
    }

    /// Keeps a visit when its waypoint has none; a sent spot not handed over yet awaits.
    private mutating func record(_ visit: RouteVisit) {
        guard recorded[visit.waypointID] == nil else { return }
        recorded[visit.waypointID] = visit
        if index.position(of: visit.waypointID) != nil {
            reachedCount += 1
            ordinals[visit.waypointID] = reachedCount
        }
        if visit.outcome == .sent, !handedOver.contains(spotIdentifier(visit.waypointID)) {
            awaiting.insert(visit.waypointID)
        }
    }

    /// Keeps a notification the center accepted or delivered; a spot of this session
    /// no longer awaits.
    private mutating func handOver(_ identifier: NotificationIdentifier) {
        guard handedOver.insert(identifier).inserted else { return }
        let occurrence = identifier.occurrence.rawValue
        if identifier.entity == session.entity, identifier.rule == Self.spotRule, identifier.kind == .event,
           occurrence.hasPrefix(sessionKey + ".") {
            awaiting.remove(String(occurrence.dropFirst(sessionKey.count + 1)))
        }
    }

    mutating func apply(completion done: RouteCompletion, key: String) {
        guard key == sessionKey, completion == nil else { return }
        completion = done
    }

    /// Whether an identifier names a notification of this session (not of an earlier
    /// session of the same route).
    public func owns(_ identifier: NotificationIdentifier) -> Bool {
        Self.owns(identifier, entity: session.entity, sessionKey: sessionKey)
    }

    /// ``owns(_:)`` for a session known by its entity and key, so a caller that tests
    /// many identifiers makes the key once.
    static func owns(_ identifier: NotificationIdentifier, entity: EntityReference, sessionKey: String) -> Bool {
        guard identifier.kind == .event, identifier.entity == entity else { return false }
        let occurrence = identifier.occurrence.rawValue
        guard occurrence.hasPrefix(sessionKey) else { return false }
        let rest = occurrence.utf8.dropFirst(sessionKey.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".")
    }

    mutating func apply(delivered identifier: NotificationIdentifier, key: String) {
        guard key == sessionKey, owns(identifier) else { return }
        handOver(identifier)
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
    public func dueNotifications(now: Date, fired: Set<NotificationIdentifier>) -> [EngineState.PostedEvent] {
        var result: [PostedEvent] = []
        // In walking order; a spot sent and handed over is not looked at again.
        let positions = awaiting.compactMap { index.position(of: $0) }.sorted()
        for position in positions {
            let waypoint = session.waypoints[position]
            let identifier = spotIdentifier(waypoint.id)
            guard !fired.contains(identifier) else { continue }
            result.append(PostedEvent(identifier: identifier, content: spotContent(waypoint), fireDate: now, postedAt: now))
        }
        if let completion, completion.outcome == .sent, !fired.contains(completionIdentifier),
           !handedOver.contains(completionIdentifier) {
            result.append(PostedEvent(identifier: completionIdentifier, content: completionContent(completion.summary),
                                      fireDate: now, postedAt: now))
        }
        return result
    }

    /// The waypoints not reached yet, as places for the platform to watch (identified by
    /// their spot notification's identifier), in walking order.
    package var watchedPlaces: [MonitoredPlace] {
        // The places are made once per session; each run only leaves out those reached.
        let all = index.places(key: sessionKey) {
            session.waypoints.map {
                MonitoredPlace(identifier: spotIdentifier($0.id).description, kind: .waypoint, center: $0.coordinate,
                               radius: session.proximityThreshold, name: $0.name)
            }
        }
        guard !recorded.isEmpty else { return all }
        return zip(session.waypoints, all).compactMap { waypoint, place in recorded[waypoint.id] == nil ? place : nil }
    }

    /// Whether ``nearestUnreached(_:to:)`` answers: every waypoint id is distinct and
    /// every coordinate valid (else only ranking ``watchedPlaces`` tells).
    var answersNearestUnreached: Bool {
        index.positions.count == session.waypoints.count && index.coordinatesAreValid
    }

    /// How many waypoints ``watchedPlaces`` lists (with distinct waypoint ids).
    var unreachedCount: Int { session.waypoints.count - reachedCount }

    /// The `count` places of ``watchedPlaces`` that ``RegionBudget/nearest(_:of:to:)``
    /// ranks first from a valid `position`, in its order; for a session that
    /// ``answersNearestUnreached``.
    func nearestUnreached(_ count: Int, to position: Coordinate) -> [MonitoredPlace] {
        index.tree.nearest(count, to: position, skipping: { recorded[session.waypoints[$0].id] != nil }) { position in
            let waypoint = session.waypoints[position]
            return MonitoredPlace(identifier: spotIdentifier(waypoint.id).description, kind: .waypoint,
                                  center: waypoint.coordinate, radius: session.proximityThreshold, name: waypoint.name)
        }
    }

    private var placeholders: [String: String] {
        ["route": session.name, "total": String(session.waypoints.count), "visited": String(reachedCount)]
    }

    /// A spot's content: `{visited}` counts the waypoints reached up to it, itself included.
    func spotContent(_ waypoint: Waypoint) -> NotificationContent {
        var values = placeholders
        values["name"] = waypoint.name
        values["visited"] = String(ordinals[waypoint.id] ?? reachedCount)
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
