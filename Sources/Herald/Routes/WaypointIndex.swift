import Foundation
import Synchronization

/// A route's waypoints found by id and by place without a scan: each position of a walk
/// costs the same whether it is the route's first or its thousandth.
///
/// Waypoints are filed in cubes of a grid laid over the Earth in three dimensions (each
/// point at ``Coordinate/earthRadius`` from the centre), cubes at least as wide as the
/// proximity threshold. A point within the threshold of a position, along the surface,
/// is nearer still in a straight line, so it lies in the position's cube or one of the
/// 26 around it: those are the only ones looked at, whatever the latitude (the poles and
/// the 180th meridian included).
///
/// ```swift
/// let index = WaypointIndex(walk)
/// index.position(of: "fountain")                          // 1: its place in walking order
/// index.candidates(near: here)                            // walking-order positions to measure
/// ```
final class WaypointIndex: Sendable {
    /// Each waypoint's place in walking order, by id.
    let positions: [String: Int]
    /// The width of a cube, in metres.
    private let cellSize: Double
    /// The walking-order positions of the waypoints in each cube.
    private let cells: [Cell: [Int]]

    /// Whether every waypoint's coordinate is valid.
    let coordinatesAreValid: Bool
    /// The waypoints in a k-d tree, made at the first nearest-places query.
    private let waypoints: [Waypoint]
    private let madeTree = Mutex<WaypointTree?>(nil)

    /// The waypoints as places to watch, made once for a session key.
    private let places = Mutex<(key: String, places: [MonitoredPlace])?>(nil)

    private struct Cell: Hashable {
        var x: Int
        var y: Int
        var z: Int
    }

    init(_ session: RouteSession) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(session.waypoints.count)
        for (position, waypoint) in session.waypoints.enumerated() where positions[waypoint.id] == nil {
            positions[waypoint.id] = position
        }
        self.positions = positions
        waypoints = session.waypoints
        coordinatesAreValid = session.waypoints.allSatisfy(\.coordinate.isValid)
        // At least a metre (a cube's number stays within Int), with a margin for
        // rounding: a point within the threshold is never two cubes away.
        let threshold = session.proximityThreshold.isFinite ? session.proximityThreshold : 1
        let size = max(threshold, 1) * 1.001
        cellSize = size
        var cells: [Cell: [Int]] = [:]
        for (position, waypoint) in session.waypoints.enumerated() where waypoint.coordinate.isValid {
            cells[Self.cell(of: waypoint.coordinate, size: size), default: []].append(position)
        }
        self.cells = cells
    }

    /// The walking-order place of the waypoint with this id (the first, should two share it).
    func position(of waypointID: String) -> Int? {
        positions[waypointID]
    }

    /// The walking-order positions, ascending, of every waypoint that may be within the
    /// threshold of `position` (and of some farther ones): the caller measures each.
    func candidates(near position: Coordinate) -> [Int] {
        guard position.isValid else { return [] }
        let centre = Self.cell(of: position, size: cellSize)
        var result: [Int] = []
        for dx in -1...1 {
            for dy in -1...1 {
                for dz in -1...1 {
                    if let found = cells[Cell(x: centre.x + dx, y: centre.y + dy, z: centre.z + dz)] {
                        result += found
                    }
                }
            }
        }
        result.sort()
        return result
    }

    /// The waypoints in a k-d tree, for the nearest ones: made once.
    var tree: WaypointTree {
        if let made = madeTree.withLock({ $0 }) { return made }
        let made = WaypointTree(waypoints)
        madeTree.withLock { $0 = made }
        return made
    }

    /// Every waypoint as a place to watch, in walking order: made by `make` once for
    /// a session key (the places' identifiers carry it), then kept.
    func places(key: String, make: () -> [MonitoredPlace]) -> [MonitoredPlace] {
        if let kept = places.withLock({ $0 }), kept.key == key { return kept.places }
        let made = make()
        places.withLock { $0 = (key, made) }
        return made
    }

    /// The cube of a point: its position in metres from the Earth's centre, divided by `size`.
    private static func cell(of coordinate: Coordinate, size: Double) -> Cell {
        let φ = coordinate.latitude * .pi / 180, λ = coordinate.longitude * .pi / 180
        let r = Coordinate.earthRadius
        func number(_ metres: Double) -> Int { Int((metres / size).rounded(.down)) }
        return Cell(x: number(r * cos(φ) * cos(λ)), y: number(r * cos(φ) * sin(λ)), z: number(r * sin(φ)))
    }
}
