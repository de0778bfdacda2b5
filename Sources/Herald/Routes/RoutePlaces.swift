/// The places a route in progress watches (its waypoints not reached yet, in walking
/// order), with the nearest ones found without listing them all.
///
/// ``RegionBudget`` watches at most 20 places: from a route session, the nearest are a
/// query of the session's ``WaypointTree`` and the whole list (``all``) is made only
/// when asked (``RegionPlan/cut``). A plain list is ranked as any list is.
///
/// ```swift
/// let places = RoutePlaces(session)                 // or RoutePlaces(list)
/// places.count                                      // waypoints not reached
/// places.nearest(20, to: here)                      // nil: rank `all` instead
/// ```
struct RoutePlaces: Sendable {
    private enum Source: Sendable {
        case list([MonitoredPlace])
        case session(RouteSessionState)
    }

    private let source: Source

    /// The places of a plain list.
    init(_ places: [MonitoredPlace] = []) {
        source = .list(places)
    }

    /// The waypoints of a session not reached yet (``RouteSessionState/watchedPlaces``).
    init(_ session: RouteSessionState) {
        source = session.answersNearestUnreached ? .session(session) : .list(session.watchedPlaces)
    }

    /// Every place, in order.
    var all: [MonitoredPlace] {
        switch source {
        case .list(let places): places
        case .session(let session): session.watchedPlaces
        }
    }

    /// How many places there are.
    var count: Int {
        switch source {
        case .list(let places): places.count
        case .session(let session): session.unreachedCount
        }
    }

    /// The `count` places ``RegionBudget/nearest(_:of:to:)`` ranks first among ``all``
    /// from a valid `position`, in its order, each of kind waypoint; `nil` when only
    /// ranking ``all`` tells (a plain list).
    func nearest(_ count: Int, to position: Coordinate) -> [MonitoredPlace]? {
        guard case .session(let session) = source, position.isValid else { return nil }
        return session.nearestUnreached(count, to: position)
    }
}
