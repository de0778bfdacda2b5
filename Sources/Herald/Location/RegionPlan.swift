/// Which places the platform watches from a position, and which are cut by the
/// 20-region budget (``RegionBudget``).
///
/// ```swift
/// let plan = RegionBudget().plan(places, at: here)
/// let toStart = plan.changes(from: previouslyWatched).start
/// ```
package struct RegionPlan: Hashable, Sendable {
    /// Where the choice was made from; `nil` before the first position.
    public var position: Coordinate?
    /// The places to monitor: waypoints first, then location reminders, nearest first.
    public var watched: [MonitoredPlace]
    /// The route's places the choice was made among (listed only when asked).
    private var route: RoutePlaces
    /// The other places the choice was made among (location reminders).
    private var others: [MonitoredPlace]
    /// How many places the budget could watch.
    private var limit: Int
    /// The location access the plan was made under; `nil` when the app has not
    /// reported it (planned as ``LocationAccess/always``).
    public var access: LocationAccess?
    /// What the access held back: places neither watched nor cut; `nil` when nothing was.
    public var withheld: Withheld?

    public init(position: Coordinate?, watched: [MonitoredPlace], cut: [MonitoredPlace]) {
        self.init(position: position, watched: watched, route: RoutePlaces(), others: watched + cut,
                  limit: watched.count)
    }

    /// The plan that watches `watched` among the route's places and `others` (which
    /// hold them): what is cut is worked out only when asked (``cut``), so a plan among
    /// 28,000 waypoints costs no list of the 27,980 it leaves out.
    init(position: Coordinate?, watched: [MonitoredPlace], route: RoutePlaces, others: [MonitoredPlace], limit: Int) {
        self.position = position
        self.watched = watched
        self.route = route
        self.others = others
        self.limit = limit
    }

    /// Every place the choice was made among (watched and cut): the route's, then the others.
    private var places: [MonitoredPlace] { route.all + others }

    /// The same choice among the same places, made from `position`.
    func chosen(from position: Coordinate) -> RegionPlan {
        var plan = RegionBudget(limit: limit).plan(route: route, others: others, at: position)
        plan.access = access
        plan.withheld = withheld
        return plan
    }

    /// The places left out, by identifier: they are watched when the device comes
    /// nearer. Sorted when asked; ``cutCount`` counts them for nothing.
    public var cut: [MonitoredPlace] {
        let chosen = Set(watched.map(\.identifier))
        return places.filter { !chosen.contains($0.identifier) }.sorted { $0.identifier < $1.identifier }
    }

    /// How many places the budget left out.
    public var cutCount: Int { route.count + others.count - watched.count }

    public static func == (lhs: RegionPlan, rhs: RegionPlan) -> Bool {
        lhs.position == rhs.position && lhs.watched == rhs.watched && lhs.limit == rhs.limit
            && lhs.access == rhs.access && lhs.withheld == rhs.withheld && lhs.places == rhs.places
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
        hasher.combine(watched)
        hasher.combine(places)
        hasher.combine(limit)
        hasher.combine(access)
        hasher.combine(withheld)
    }

    /// What to start and stop monitoring to go from `current` (identifiers) to this
    /// plan: the fewest calls, each sorted by identifier.
    public func changes(from current: Set<String>) -> (start: [MonitoredPlace], stop: [String]) {
        let wanted = Set(watched.map(\.identifier))
        return (watched.filter { !current.contains($0.identifier) }.sorted { $0.identifier < $1.identifier },
                current.subtracting(wanted).sorted())
    }
}
