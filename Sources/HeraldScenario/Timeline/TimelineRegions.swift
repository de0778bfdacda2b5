import Foundation
import Herald

/// The places the engine's plan watches within the platform's 20 regions, and how many
/// it cuts, recorded each time the choice changes (a route started, a waypoint reached, the
/// device moved nearer other places, a location reminder armed or done).
///
/// ```swift
/// if case .regions(let regions) = entry {
///     print(regions.watched.map(\.name), regions.cut)   // ["Spot A", "Spot B", "Spot C"] 0
/// }
/// ```
public struct TimelineRegions: Hashable, Sendable {
    /// One place of the plan.
    public struct Place: Hashable, Sendable {
        public var identifier: String
        public var name: String
        package var kind: MonitoredPlace.Kind

        package init(identifier: String, name: String, kind: MonitoredPlace.Kind) {
            self.identifier = identifier
            self.name = name
            self.kind = kind
        }

        package init(_ place: MonitoredPlace) {
            self.init(identifier: place.identifier, name: place.name.isEmpty ? place.identifier : place.name,
                      kind: place.kind)
        }
    }

    public var date: Date
    public var local: LocalDateTime
    /// What the platform is asked to monitor, in the plan's order (waypoints first, then
    /// the nearest location reminders).
    public var watched: [Place]
    /// How many places the budget left out (not named: a route of 28,000 waypoints
    /// cuts 27,980 at every step).
    public var cut: Int
    /// What the user's location access held back (`RegionPlan.withheld`).
    package var withheld: RegionPlan.Withheld?

    package init(date: Date, local: LocalDateTime, watched: [Place], cut: Int, withheld: RegionPlan.Withheld? = nil) {
        self.date = date
        self.local = local
        self.watched = watched
        self.cut = cut
        self.withheld = withheld
    }

    /// `watching 3: Spot A, Spot B, Spot C; cut 1`, and what the access held back:
    /// `watching 0; cut 0; location access when in use; 3 waypoints not watched: region monitoring needs always`.
    package var text: String {
        let names = watched.isEmpty ? "" : ": " + watched.map(\.name).joined(separator: ", ")
        return "watching \(watched.count)\(names); cut \(cut)" + (withheld.map { "; \($0)" } ?? "")
    }

    /// `waypoint` or `location reminder`.
    static func name(of kind: MonitoredPlace.Kind) -> String {
        switch kind {
        case .waypoint: "waypoint"
        case .locationReminder: "location reminder"
        }
    }
}
