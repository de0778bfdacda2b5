import Collections
import Foundation

/// A route's waypoints in a k-d tree over their points in space, for the nearest ones
/// not reached yet: the 20 regions a walk watches cost the same from the first
/// waypoint of a 10,000-waypoint route as from the last, not a ranking of every
/// waypoint left.
///
/// Each waypoint is a point in three dimensions (at ``Coordinate/earthRadius`` from the
/// centre). The straight line between two points is never longer than the way along
/// the surface, so a branch of the tree whose splitting plane is farther from the
/// position than the farthest place kept (with a margin for rounding) holds nothing
/// nearer: the places found are exactly those ``RegionBudget/nearest(_:of:to:)`` ranks
/// first, in its order (distance along the surface, then identifier).
///
/// ```swift
/// let tree = WaypointTree(walk.waypoints)   // waypoints with valid coordinates
/// let nearest = tree.nearest(20, to: here, skipping: { reached.contains($0) }, place: places)
/// ```
final class WaypointTree: Sendable {
    /// A waypoint's walking-order position and its point in metres from the Earth's centre.
    private struct Node {
        var position: Int
        var coordinate: Coordinate
        var point: SIMD3<Double>
        /// The axis this node splits its range along (0, 1 or 2).
        var axis = 0
    }

    /// The nodes as an implicit tree: the range `lo..<hi` has its split node at
    /// `(lo + hi) / 2`, split along the axis its points spread most on (a route along
    /// the equator has one flat axis); lower values on the left.
    private let nodes: [Node]

    init(_ waypoints: [Waypoint]) {
        var nodes = waypoints.enumerated().map {
            Node(position: $0.offset, coordinate: $0.element.coordinate, point: Self.point($0.element.coordinate))
        }
        Self.build(&nodes, lo: 0, hi: nodes.count)
        self.nodes = nodes
    }

    private static func build(_ nodes: inout [Node], lo: Int, hi: Int) {
        guard hi - lo > 0 else { return }
        var low = nodes[lo].point, high = low
        for node in nodes[lo..<hi] {
            low = pointwiseMin(low, node.point)
            high = pointwiseMax(high, node.point)
        }
        let spread = high - low
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        nodes[lo..<hi].sort { ($0.point[axis], $0.position) < ($1.point[axis], $1.position) }
        let mid = (lo + hi) / 2
        nodes[mid].axis = axis
        build(&nodes, lo: lo, hi: mid)
        build(&nodes, lo: mid + 1, hi: hi)
    }

    /// A point in metres from the Earth's centre.
    static func point(_ coordinate: Coordinate) -> SIMD3<Double> {
        let φ = coordinate.latitude * .pi / 180, λ = coordinate.longitude * .pi / 180
        let r = Coordinate.earthRadius
        return SIMD3(r * cos(φ) * cos(λ), r * cos(φ) * sin(λ), r * sin(φ))
    }

    /// The `count` places first in ``RegionBudget``'s order from `position` (a valid
    /// coordinate) among the waypoints not `skipping`, nearest first; `place` makes the
    /// place of a walking-order position (every waypoint's place has kind waypoint).
    func nearest(_ count: Int, to position: Coordinate, skipping: @escaping (Int) -> Bool,
                 place: @escaping (Int) -> MonitoredPlace) -> [MonitoredPlace] {
        guard count > 0 else { return [] }
        var search = Search(count: count, from: position, query: Self.point(position), skipping: skipping, place: place)
        search.visit(nodes, lo: 0, hi: nodes.count)
        var result: [MonitoredPlace] = []
        result.reserveCapacity(search.heap.count)
        while let next = search.heap.popMin() { result.append(next.place) }
        return result
    }

    /// One query: a bounded max-heap of the places kept, as ``RegionBudget`` keeps them.
    private struct Search {
        let count: Int
        let from: Coordinate
        let query: SIMD3<Double>
        let skipping: (Int) -> Bool
        let place: (Int) -> MonitoredPlace
        var heap = Heap<RegionBudget.Ranked>()

        init(count: Int, from: Coordinate, query: SIMD3<Double>, skipping: @escaping (Int) -> Bool,
             place: @escaping (Int) -> MonitoredPlace) {
            self.count = count
            self.from = from
            self.query = query
            self.skipping = skipping
            self.place = place
        }

        /// How far a point may lie (straight line) and still be kept: the farthest
        /// place kept, with a margin far above rounding; unbounded until `count` are kept.
        var reach: Double {
            guard heap.count >= count, let worst = heap.max else { return .infinity }
            return worst.distance * (1 + 1e-6) + 1
        }

        mutating func visit(_ nodes: [Node], lo: Int, hi: Int) {
            guard lo < hi else { return }
            let mid = (lo + hi) / 2
            let node = nodes[mid]
            if !skipping(node.position) { consider(node) }
            let difference = query[node.axis] - node.point[node.axis]
            let (near, far) = difference < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
            visit(nodes, lo: near.0, hi: near.1)
            if abs(difference) <= reach { visit(nodes, lo: far.0, hi: far.1) }
        }

        private mutating func consider(_ node: Node) {
            // Farther than the farthest kept: not kept (the place is not made).
            if heap.count >= count, let worst = heap.max, node.coordinate.distance(to: from) > worst.distance { return }
            let ranked = RegionBudget.Ranked(place(node.position), index: 0, from: from)
            if heap.count < count {
                heap.insert(ranked)
            } else if let worst = heap.max, ranked < worst {
                heap.replaceMax(with: ranked)
            }
        }
    }
}
