/// Which places the platform watches from a position, and which are cut by the
/// 20-region budget (``RegionBudget``).
///
/// ```swift
/// let plan = RegionBudget().plan(places, at: here)
/// let toStart = plan.changes(from: previouslyWatched).start
/// ```
public struct RegionPlan: Hashable, Sendable {
    /// Where the choice was made from; `nil` before the first position.
    public var position: Coordinate?
    /// The places to monitor: waypoints first, then location reminders, nearest first.
    public var watched: [MonitoredPlace]
    /// Every place the choice was made among (watched and cut), with distinct identifiers.
    private var places: [MonitoredPlace]
    /// How many places the budget could watch.
    private var limit: Int

    public init(position: Coordinate?, watched: [MonitoredPlace], cut: [MonitoredPlace]) {
        self.init(position: position, watched: watched, among: watched + cut, limit: watched.count)
    }

    /// The plan that watches `watched` among `places` (which holds them): what is cut is
    /// worked out only when asked (``cut``), so a plan among 28,000 waypoints costs no
    /// sort of the 27,980 it leaves out.
    init(position: Coordinate?, watched: [MonitoredPlace], among places: [MonitoredPlace], limit: Int) {
        self.position = position
        self.watched = watched
        self.places = places
        self.limit = limit
    }

    /// The same choice among the same places, made from `position`.
    func chosen(from position: Coordinate) -> RegionPlan {
        RegionBudget(limit: limit).plan(places, at: position)
    }

    /// The places left out, by identifier: they are watched when the device comes
    /// nearer. Sorted when asked; ``cutCount`` counts them for nothing.
    public var cut: [MonitoredPlace] {
        let chosen = Set(watched.map(\.identifier))
        return places.filter { !chosen.contains($0.identifier) }.sorted { $0.identifier < $1.identifier }
    }

    /// How many places the budget left out.
    public var cutCount: Int { places.count - watched.count }

    /// What to start and stop monitoring to go from `current` (identifiers) to this
    /// plan: the fewest calls, each sorted by identifier.
    public func changes(from current: Set<String>) -> (start: [MonitoredPlace], stop: [String]) {
        let wanted = Set(watched.map(\.identifier))
        return (watched.filter { !current.contains($0.identifier) }.sorted { $0.identifier < $1.identifier },
                current.subtracting(wanted).sorted())
    }
}
