import Foundation
import Herald
import HeraldSimulator

/// The walk a scenario run is in the middle of: its positions still to come, computed
/// one at a time as the run reaches them, so a walk that would last years costs only
/// the positions before the run's end, and the events between two positions happen at
/// their own times. A `position` or another `walk` event ends it; a `clock` event moves
/// the positions still to come with the clock.
///
/// ```swift
/// await walking.start(walk, at: clock.now)
/// while let date = await walking.nextDate, date < end, let step = await walking.next() { … }
/// ```
actor ScenarioWalkInProgress {
    private var positions: SimulatedWalk.Positions?

    /// A walk a checkpoint left in progress goes on from its `now`.
    init(resuming saved: ScenarioCheckpoint.Walk?, at now: Date) {
        positions = saved.map { saved in
            var positions = saved.walk.positions(startingAt: saved.start, from: now.addingTimeInterval(-saved.offset))
            positions.offset = saved.offset
            return positions
        }
    }

    /// Starts `walk` at `date`, ending the walk in progress, if any.
    func start(_ walk: SimulatedWalk, at date: Date) {
        positions = walk.positions(startingAt: date)
    }

    /// Ends the walk in progress: the device is where a `position` event puts it.
    func stop() {
        positions = nil
    }

    /// The date of the walk's next position; `nil` when no walk is in progress.
    var nextDate: Date? {
        positions?.nextDate
    }

    /// The walk's next position, `nil` (and the walk over) when it has none left.
    func next() -> (date: Date, position: Coordinate)? {
        guard let step = positions?.next() else {
            positions = nil
            return nil
        }
        if positions?.nextDate == nil { positions = nil }
        return step
    }

    /// The clock was set by `seconds`: the rest of the walk moves with it.
    func shift(by seconds: TimeInterval) {
        positions?.offset += seconds
    }

    /// The walk in progress, for a checkpoint.
    var saved: ScenarioCheckpoint.Walk? {
        positions.map { ScenarioCheckpoint.Walk(walk: $0.walk, start: $0.start, offset: $0.offset) }
    }
}
