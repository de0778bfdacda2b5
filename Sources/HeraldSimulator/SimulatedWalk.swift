import Foundation
import Herald

/// A walk along a path at a steady speed, as timed positions: one every `interval`
/// seconds along each leg and one at each waypoint. Each leg takes its great-circle
/// distance at `speed`, and its positions lie on that great circle
/// (``Herald/Coordinate/interpolated(to:fraction:)``), so a leg across the antimeridian
/// stays near longitude ±180.
///
/// The positions are computed one at a time as they are read (``Positions``), so a walk
/// of years at a slow speed costs nothing until it is walked, and a caller reads only
/// as far as it needs:
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
    public func positions(startingAt start: Date) -> Positions {
        Positions(walk: self, start: start)
    }

    /// The positions of the walk started at `start` that are at or after `date`: where
    /// a walk interrupted at `date` goes on (the legs before it are skipped without
    /// computing their positions).
    public func positions(startingAt start: Date, from date: Date) -> Positions {
        var positions = Positions(walk: self, start: start)
        positions.skip(before: date)
        return positions
    }

    /// Whether the walk moves at all (a positive, finite speed and interval).
    var moves: Bool {
        speed.isFinite && speed > 0 && interval.isFinite && interval > 0
    }

    /// The timed positions of a walk, computed as they are read. ``nextDate`` peeks at
    /// the next one; ``offset`` moves the rest in time (a clock set while walking).
    ///
    /// ```swift
    /// var positions = walk.positions(startingAt: start)
    /// while let date = positions.nextDate, date < end, let (_, position) = positions.next() { … }
    /// ```
    public struct Positions: Sequence, IteratorProtocol, Sendable {
        public let walk: SimulatedWalk
        /// When the walk started.
        public let start: Date
        /// Seconds added to every date still to come.
        public var offset: TimeInterval = 0
        /// The index in the path of the current leg's start point; `nil` before the
        /// walk's first point is given.
        private var leg: Int?
        private var legStart: Date
        private var legDuration: TimeInterval = 0
        /// The next position along the current leg (1, 2, ...): `tick × interval` seconds in.
        private var tick = 1

        init(walk: SimulatedWalk, start: Date) {
            self.walk = walk
            self.start = start
            legStart = start
        }

        /// The date of the next position, `nil` when the walk is over.
        public var nextDate: Date? {
            var copy = self
            return copy.nextUnshifted(computingPosition: false)?.date.addingTimeInterval(offset)
        }

        public mutating func next() -> (date: Date, position: Coordinate)? {
            guard let (date, position) = nextUnshifted(computingPosition: true) else { return nil }
            return (date.addingTimeInterval(offset), position)
        }

        /// The next position before ``offset``; `computingPosition: false` leaves the
        /// position out (the walk's first point stands in), for peeking at the date.
        private mutating func nextUnshifted(computingPosition: Bool) -> (date: Date, position: Coordinate)? {
            let path = walk.path
            guard let current = leg else {
                guard let first = path.first else { return nil }
                leg = 0
                if walk.moves { enterLeg(0) } else { leg = path.count }
                return (start, first)
            }
            guard current + 1 < path.count else { return nil }
            let elapsed = Double(tick) * walk.interval
            if elapsed < legDuration {
                tick += 1
                let position = computingPosition
                    ? path[current].interpolated(to: path[current + 1], fraction: elapsed / legDuration) : path[0]
                return (legStart.addingTimeInterval(elapsed), position)
            }
            let arrival = legStart.addingTimeInterval(legDuration)
            legStart = arrival
            enterLeg(current + 1)
            return (arrival, path[current + 1])
        }

        /// Starts the leg from `path[index]` (if there is a next point).
        private mutating func enterLeg(_ index: Int) {
            leg = index
            tick = 1
            guard index + 1 < walk.path.count else { return }
            legDuration = walk.path[index].distance(to: walk.path[index + 1]) / walk.speed
        }

        /// Moves on to the first position at or after `date` (without ``offset``),
        /// skipping whole legs without computing their positions.
        mutating func skip(before date: Date) {
            guard let first = nextDate, first < date else { return }
            _ = nextUnshifted(computingPosition: false)
            while let current = leg, current + 1 < walk.path.count {
                let arrival = legStart.addingTimeInterval(legDuration)
                guard arrival < date else { break }
                legStart = arrival
                enterLeg(current + 1)
            }
            guard let current = leg, current + 1 < walk.path.count else { return }
            // The first tick of this leg at or after `date`.
            let into = date.timeIntervalSince(legStart) / walk.interval
            tick = Swift.max(1, Int(Swift.min(into.rounded(.up), 9.0e15)))
            while tick > 1, legStart.addingTimeInterval(Double(tick - 1) * walk.interval) >= date { tick -= 1 }
            while Double(tick) * walk.interval < legDuration,
                  legStart.addingTimeInterval(Double(tick) * walk.interval) < date { tick += 1 }
        }
    }
}
