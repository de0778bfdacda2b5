import Foundation
import Herald

extension SimulatedNotificationCenter {
    /// The device is at `position` now: every pending location request whose region's
    /// boundary it crossed (in, with `notifyOnEntry`; out, with `notifyOnExit`) fires
    /// ``regionDelay`` later, as on iOS, not at once; being inside already when a
    /// request is added is not a crossing. The position handler (the app's location
    /// updates) hears of it first. Crossings of monitored regions
    /// (``startMonitoring(_:)``) are reported to the region handler the same delay later.
    /// Nothing fires without the location access it needs (``setLocationAccess(_:)``).
    ///
    /// ```swift
    /// await center.move(to: Coordinate(latitude: 52.52, longitude: 13.40))  // enter the gym's region
    /// await center.advance(by: 20)                                         // the trigger fires
    /// ```
    ///
    /// - Returns: what was delivered (what was due by now).
    @discardableResult
    public func move(to position: Coordinate) async -> [DeliveredNotification] {
        self.position = position
        if let positionHandler { await positionHandler(position) }
        let now = clock.now
        noteMonitoredCrossings(at: position, now: now)
        for entry in pending.values {
            guard case .location(let region, _)? = entry.request.trigger else { continue }
            let inside = region.contains(position)
            let before = insideRegion[entry.identifier]
            insideRegion[entry.identifier] = inside
            guard let before, before != inside, entry.nextFireDate == nil, locationAccess.allowsLocationReminders,
                  inside ? region.notifyOnEntry : region.notifyOnExit else { continue }
            pending[entry.identifier]?.nextFireDate = now.addingTimeInterval(regionDelay)
        }
        return await advance(to: now)
    }

    /// Moves through timed positions, in order: time advances to each instant
    /// (delivering what falls due on the way), then the device is there.
    @discardableResult
    public func follow(_ positions: some Sequence<(date: Date, position: Coordinate)>) async -> [DeliveredNotification] {
        var delivered: [DeliveredNotification] = []
        for (date, position) in positions {
            delivered += await advance(to: date)
            delivered += await move(to: position)
        }
        return delivered
    }

    /// Walks from the current position (or the first waypoint) along `waypoints` at
    /// `speed` metres per second, reporting a position every `interval` seconds and at
    /// each waypoint (``SimulatedWalk``).
    @discardableResult
    public func walk(along waypoints: [Coordinate], speed: Double, every interval: TimeInterval = 10)
        async -> [DeliveredNotification] {
        let start = position.map { [$0] } ?? []
        let walk = SimulatedWalk(path: start + waypoints, speed: speed, interval: interval)
        return await follow(walk.positions(startingAt: clock.now))
    }

    /// Sets how long after a boundary crossing a location trigger fires.
    public func setRegionDelay(_ delay: TimeInterval) {
        regionDelay = max(0, delay)
    }

    /// Sets which goes first when a delivery and a crossing's report fall at one
    /// instant (``SameInstantOrder``).
    public func setSameInstantOrder(_ order: SameInstantOrder) {
        sameInstantOrder = order
    }

    /// Called with every position the device reports, before regions are checked:
    /// the app's location updates (a route session's positions).
    public func setPositionHandler(_ handler: (@Sendable (Coordinate) async -> Void)?) {
        positionHandler = handler
    }
}

extension LocationRegion {
    /// Whether a coordinate is inside the region (on the boundary counts), measured on
    /// Herald's sphere.
    public func contains(_ coordinate: Coordinate) -> Bool {
        center.distance(to: coordinate) <= radius
    }
}
