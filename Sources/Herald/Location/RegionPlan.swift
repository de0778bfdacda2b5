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
    /// The places left out, by identifier: they are watched when the device comes nearer.
    public var cut: [MonitoredPlace]

    public init(position: Coordinate?, watched: [MonitoredPlace], cut: [MonitoredPlace]) {
        self.position = position
        self.watched = watched
        self.cut = cut
    }

    /// What to start and stop monitoring to go from `current` (identifiers) to this
    /// plan: the fewest calls, each sorted by identifier.
    public func changes(from current: Set<String>) -> (start: [MonitoredPlace], stop: [String]) {
        let wanted = Set(watched.map(\.identifier))
        return (watched.filter { !current.contains($0.identifier) }.sorted { $0.identifier < $1.identifier },
                current.subtracting(wanted).sorted())
    }
}
