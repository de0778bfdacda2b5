import Collections

/// Chooses which places the platform watches: it monitors at most 20 regions per app
/// (location triggers included, as Apple documents), so Herald keeps the nearest ones,
/// route waypoints first, then location reminders by distance, and rotates them as the
/// device moves.
///
/// The choice is a partial selection: one pass over the candidates with a bounded
/// max-heap of the `limit` nearest (O(n log k)), not a sort of all of them.
///
/// ```swift
/// let budget = RegionBudget()                        // 20 regions
/// let plan = budget.plan(places, at: here)
/// plan.watched   // what to monitor: waypoints, then the nearest reminders
/// plan.cut       // what waits until the device comes nearer
/// ```
package struct RegionBudget: Hashable, Sendable {
    /// The platform's limit of monitored regions per app.
    public static let platformLimit = 20

    public var limit: Int

    public init(limit: Int = RegionBudget.platformLimit) {
        self.limit = max(0, limit)
    }

    /// The places to watch from `position`: every kind in order (waypoints first), the
    /// nearest first within a kind, up to ``limit``; ties by identifier. With no
    /// position yet, the first places by kind in the order given: a route's waypoints
    /// in walking order (the walker starts at its beginning), not by identifier.
    public func plan(_ places: [MonitoredPlace], at position: Coordinate?) -> RegionPlan {
        plan(route: RoutePlaces(), others: places, at: position)
    }

    /// The same choice among a route's places then `others`: from a position, the
    /// route's nearest come from its query (``RoutePlaces/nearest(_:to:)``), so the cost
    /// does not grow with the waypoints left when `others` holds no waypoint.
    func plan(route: RoutePlaces, others: [MonitoredPlace], at position: Coordinate?) -> RegionPlan {
        RegionPlan(position: position, watched: Self.nearest(limit, route: route, others: others, to: position),
                   route: route, others: others, limit: limit)
    }

    /// ``nearest(_:of:to:)`` of the route's places then `others`. Every place of a
    /// route query is a waypoint, ranked before every other kind: with no waypoint in
    /// `others`, the first are the route's nearest, then the nearest others.
    static func nearest(_ count: Int, route: RoutePlaces, others: [MonitoredPlace],
                        to position: Coordinate?) -> [MonitoredPlace] {
        if route.count == 0, others.isEmpty { return [] }
        if count > 0, let position, !others.contains(where: { $0.kind == .waypoint }),
           let first = route.nearest(min(count, route.count), to: position) {
            return first + nearest(count - first.count, of: others, to: position)
        }
        return nearest(count, of: route.all + others, to: position)
    }

    /// The `count` places first in (kind, distance to `position`, identifier) order,
    /// in that order: a bounded max-heap, so the cost grows with the number of places
    /// times log `count`.
    public static func nearest(_ count: Int, of places: [MonitoredPlace], to position: Coordinate?) -> [MonitoredPlace] {
        guard count > 0 else { return [] }
        var heap = Heap<Ranked>()
        for (index, place) in places.enumerated() {
            let ranked = Ranked(place, index: index, from: position)
            if heap.count < count {
                heap.insert(ranked)
            } else if let worst = heap.max, ranked < worst {
                heap.replaceMax(with: ranked)
            }
        }
        var result: [MonitoredPlace] = []
        result.reserveCapacity(heap.count)
        while let next = heap.popMin() { result.append(next.place) }
        return result
    }

    /// The same choice by sorting every place: the reference the benchmark and the
    /// tests hold ``nearest(_:of:to:)`` to.
    public static func nearestBySorting(_ count: Int, of places: [MonitoredPlace], to position: Coordinate?) -> [MonitoredPlace] {
        places.enumerated().map { Ranked($0.element, index: $0.offset, from: position) }
            .sorted().prefix(max(0, count)).map(\.place)
    }

    struct Ranked: Comparable {
        var place: MonitoredPlace
        var distance: Double
        /// The place's position in the input without a position (0 with one).
        var order: Int

        init(_ place: MonitoredPlace, index: Int, from position: Coordinate?) {
            self.place = place
            distance = position.map(place.center.distance(to:)) ?? 0
            order = position == nil ? index : 0
        }

        static func < (lhs: Ranked, rhs: Ranked) -> Bool {
            (lhs.place.kind, lhs.distance, lhs.order, lhs.place.identifier)
                < (rhs.place.kind, rhs.distance, rhs.order, rhs.place.identifier)
        }

        static func == (lhs: Ranked, rhs: Ranked) -> Bool {
            lhs.place.kind == rhs.place.kind && lhs.distance == rhs.distance && lhs.order == rhs.order
                && lhs.place.identifier == rhs.place.identifier
        }
    }
}
