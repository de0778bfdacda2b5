import Foundation
import Herald

/// A walk along a path at a steady speed, as timed positions: one every `interval`
/// seconds along each leg (great-circle distance, positions interpolated linearly in
/// degrees, fine for legs of a few kilometres) and one at each waypoint.
///
/// ```swift
/// let walk = SimulatedWalk(path: [gate, fountain, tower], speed: 1.4, interval: 10)
/// for (date, position) in walk.positions(startingAt: start) { … }
/// ```
public struct SimulatedWalk: Hashable, Sendable {
    public var path: [Coordinate]
    /// Metres per second; a walk at zero or negative speed stays at its start.
    public var speed: Double
    public var interval: TimeInterval

    public init(path: [Coordinate], speed: Double, interval: TimeInterval = 10) {
        self.path = path
        self.speed = speed
        self.interval = interval
    }

    /// The timed positions from `start`: the first point at `start`, each waypoint at
    /// the time its distance takes, and points every `interval` seconds between.
    public func positions(startingAt start: Date) -> [(date: Date, position: Coordinate)] {
        guard let first = path.first else { return [] }
        var result: [(date: Date, position: Coordinate)] = [(start, first)]
        guard speed.isFinite, speed > 0, interval.isFinite, interval > 0 else { return result }
        var time = start
        for (from, to) in zip(path, path.dropFirst()) {
            let duration = from.distance(to: to) / speed
            var elapsed = interval
            while elapsed < duration {
                let fraction = elapsed / duration
                result.append((time.addingTimeInterval(elapsed), Coordinate(
                    latitude: from.latitude + (to.latitude - from.latitude) * fraction,
                    longitude: from.longitude + (to.longitude - from.longitude) * fraction)))
                elapsed += interval
            }
            time = time.addingTimeInterval(duration)
            result.append((time, to))
        }
        return result
    }
}
