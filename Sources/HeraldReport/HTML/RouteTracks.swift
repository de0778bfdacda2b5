import Foundation
import Herald
import HeraldScenario
import HeraldSimulator

/// The walking routes of a run, read off its timeline for the HTML report's maps: each
/// route as it was started (its waypoints and threshold), the positions the device
/// walked while it ran, when each waypoint was reached, and the regions watched, cut,
/// entered and exited meanwhile.
///
/// The timeline names a walk once, when it starts (`walk` event), and a position of it
/// only when it reaches a waypoint, so the tracker walks the walk again, as the run did
/// (``HeraldSimulator/SimulatedWalk``, from where the device was, moved by `clock`
/// events, ended by the next `position` or `walk`), and keeps only what a polyline
/// needs: the walk's path points reached, and where it stood when it stopped being
/// followed. A walk a resumed run took over from the part before is not named in the
/// timeline: its positions that reached waypoints are on the track, the others not.
///
/// ```swift
/// var tracks = RouteTracks()
/// for entry in result.timeline { tracks.record(entry, zone: zone) }
/// let routes = tracks.finished(at: end)   // routes[0].track, routes[0].reached["a"]
/// ```
struct RouteTracks: Sendable {
    /// One route of the run.
    struct Route: Sendable {
        var session: RouteSession
        var started: Date
        /// When it was stopped or another route started; `nil` while it ran to the end.
        var ended: Date?
        /// The positions walked while it ran, in order: the polyline's points.
        var track: [Coordinate]
        /// When each waypoint was reached, by waypoint id: the local date-time then.
        var reached: [String: LocalDateTime] = [:]
        /// When the route was completed, if it was.
        var completed: LocalDateTime?
        /// The regions watched and cut, and those entered and exited, while it ran: the
        /// first ``RouteTracks/listedRegionRows``, and how many more there were.
        var regions: [RegionRow] = []
        var moreRegionRows = 0
    }

    /// At most this many region changes are kept per route (a route of 28,000 waypoints
    /// changes the regions watched at each): the rest are counted.
    static let listedRegionRows = 500

    /// One change of the regions while a route ran: the places watched and how many
    /// were cut, or a region entered or exited.
    struct RegionRow: Sendable, Hashable {
        var local: LocalDateTime
        /// `regions` (watched and cut) or `region` (entered or exited).
        var kind: String
        var text: String
        /// For `regions`: the places watched, and how many were cut.
        var watched: [String] = []
        var cut: Int?
    }

    private(set) var routes: [Route] = []
    /// Whether the last route is still running.
    private var running = false
    /// Where the device is, as far as the timeline tells.
    private var position: Coordinate?
    /// The walk in progress, the points of its path, and its last position given.
    private var walk: SimulatedWalk.Positions?
    private var walkPath: Set<Coordinate> = []
    private var lastStep: (date: Date, position: Coordinate)?
    /// The walk's latest position between two of its path points, not on the track yet.
    private var tail: Coordinate?

    /// Reads one timeline entry, in order; `zone` is the device's zone at it.
    mutating func record(_ entry: TimelineEntry, zone: TimeZone) {
        follow(until: entry.date)
        switch entry {
        case .event(let event):
            recordEvent(event, zone: zone)
        case .routeProgress(let progress) where running:
            if progress.notification == .spot, let id = progress.waypointID {
                routes[routes.count - 1].reached[id] = progress.local
            } else if progress.notification == .completion {
                routes[routes.count - 1].completed = progress.local
            }
        case .regions(let regions) where running:
            let names = regions.watched.map(\.name)
            let text = "watching \(names.count)" + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))
            appendRegionRow(RegionRow(local: regions.local, kind: "regions", text: text, watched: names, cut: regions.cut))
        case .region(let region) where running:
            appendRegionRow(RegionRow(local: region.local, kind: "region", text: region.text))
        default:
            break
        }
    }

    private mutating func recordEvent(_ event: TimelineEvent, zone: TimeZone) {
        switch event.action {
        case .position(let coordinate):
            // A walk's own position, on the timeline because it reached a waypoint.
            if let lastStep, lastStep.date == event.date, lastStep.position == coordinate { return }
            endWalk()
            moved(to: coordinate, onPath: true)
        case .walk(let next):
            endWalk()
            let path = (position.map { [$0] } ?? []) + next.path
            walk = SimulatedWalk(path: path, speed: next.speed, interval: next.interval).positions(startingAt: event.date)
            walkPath = Set(path)
            follow(until: event.date)
        case .clock(let time):
            // The rest of the walk moves with the clock, as the run's does.
            let set = ZoneConverter.for(zone).instant(for: time).date
            walk?.offset += set.timeIntervalSince(event.date)
        case .startRoute(let session):
            endRoute(at: event.date)
            routes.append(Route(session: session, started: event.date, track: position.map { [$0] } ?? []))
            running = true
        case .stopRoute:
            endRoute(at: event.date)
        default:
            break
        }
    }

    /// The routes once the run ended at `end`: the walk in progress followed to there.
    func finished(at end: Date) -> [Route] {
        var copy = self
        copy.follow(until: end)
        copy.endWalk()
        if copy.running { copy.flushTail() }
        return copy.routes
    }

    // MARK: Walking

    /// Follows the walk in progress up to `date`.
    private mutating func follow(until date: Date) {
        guard var positions = walk else { return }
        while let next = positions.nextDate, next <= date, let step = positions.next() {
            lastStep = step
            moved(to: step.position, onPath: walkPath.contains(step.position))
        }
        walk = positions.nextDate == nil ? nil : positions
    }

    /// The walk is over (or interrupted): where it stood goes on the track.
    private mutating func endWalk() {
        flushTail()
        walk = nil
        walkPath = []
    }

    /// The device is at `coordinate`; a running route's track gets it now when it is a
    /// point of the path (or an explicit position), else when the walk stops being followed.
    private mutating func moved(to coordinate: Coordinate, onPath: Bool) {
        position = coordinate
        guard running else { return }
        if onPath {
            tail = nil
            appendToTrack(coordinate)
        } else {
            tail = coordinate
        }
    }

    private mutating func flushTail() {
        if let tail, running { appendToTrack(tail) }
        tail = nil
    }

    private mutating func appendToTrack(_ coordinate: Coordinate) {
        if routes[routes.count - 1].track.last != coordinate { routes[routes.count - 1].track.append(coordinate) }
    }

    /// Keeps a region change of the running route, or counts it past the first
    /// ``listedRegionRows``.
    private mutating func appendRegionRow(_ row: RegionRow) {
        if routes[routes.count - 1].regions.count < Self.listedRegionRows {
            routes[routes.count - 1].regions.append(row)
        } else {
            routes[routes.count - 1].moreRegionRows += 1
        }
    }

    private mutating func endRoute(at date: Date) {
        guard running else { return }
        flushTail()
        routes[routes.count - 1].ended = date
        running = false
    }
}
