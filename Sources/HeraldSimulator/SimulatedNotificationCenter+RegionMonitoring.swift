import Foundation
import Herald

extension SimulatedNotificationCenter {
    /// The most regions an app may use at once: monitored regions and pending
    /// location-triggered requests together (`RegionBudget.platformLimit`).
    public static let regionLimit = RegionBudget.platformLimit

    /// Core Location's region monitoring (`CLLocationManager.startMonitoring(for:)`):
    /// from the next position on, crossing the region's boundary (in, with
    /// `notifyOnEntry`; out, with `notifyOnExit`) is reported to the region handler
    /// (``setRegionHandler(_:)``) ``regionDelay`` after the crossing, and only while the
    /// region is still monitored. Being inside already when monitoring starts is not a
    /// crossing. Starting a region with a monitored identifier replaces it.
    ///
    /// ```swift
    /// try await center.startMonitoring(LocationRegion(identifier: "w1", latitude: 52.52, longitude: 13.40, radius: 25))
    /// await center.walk(along: [fountain], speed: 1.4)   // entered at 12:00:40, reported at 12:01:00
    /// ```
    ///
    /// - Throws: ``RegionMonitoringError`` when the app already uses ``regionLimit``
    ///   regions (monitored ones and pending location triggers); nothing changes.
    public func startMonitoring(_ region: LocationRegion) throws {
        if monitoredRegions[region.identifier] == nil {
            let locationRequests = pending.values.filter { if case .location? = $0.request.trigger { true } else { false } }
            let used = monitoredRegions.count + locationRequests.count
            guard used < Self.regionLimit else {
                throw RegionMonitoringError(identifier: region.identifier, message:
                    "cannot monitor region \(region.identifier): \(used) of \(Self.regionLimit) regions in use (\(monitoredRegions.count) monitored, \(locationRequests.count) location-triggered requests); stop one first")
            }
        }
        monitoredRegions[region.identifier] = region
        insideMonitoredRegion[region.identifier] = position.map { region.contains($0) }
    }

    /// Stops monitoring a region (`stopMonitoring(for:)`); a crossing not reported yet
    /// is never reported. An identifier not monitored is ignored.
    public func stopMonitoring(identifier: String) {
        monitoredRegions[identifier] = nil
        insideMonitoredRegion[identifier] = nil
        regionEvents.removeAll { $0.region.identifier == identifier }
    }

    /// The regions monitored now, by identifier (`monitoredRegions`); they survive the
    /// app (``snapshot()``).
    public func monitoredRegionList() -> [LocationRegion] {
        monitoredRegions.values.sorted { $0.identifier < $1.identifier }
    }

    /// Makes the monitored regions the waypoints `plan` watches, as Herald's
    /// `RegionMonitor` does on a device after every run: stops those it no longer
    /// watches, then starts the new ones (entries only). A waypoint beyond the platform's
    /// regions stays unwatched, as on a device.
    ///
    /// ```swift
    /// await engine.observeReports { report in
    ///     if let plan = report.plan { await center.monitorWaypoints(of: plan.regions) }
    /// }
    /// ```
    package func monitorWaypoints(of plan: RegionPlan) {
        let waypoints = plan.watched.filter { $0.kind == .waypoint }
        let wanted = Set(waypoints.map(\.identifier))
        let current = Set(monitoredRegions.keys)
        for identifier in current.subtracting(wanted) { stopMonitoring(identifier: identifier) }
        for place in waypoints where !current.contains(place.identifier) {
            try? startMonitoring(LocationRegion(
                identifier: place.identifier, latitude: place.center.latitude, longitude: place.center.longitude,
                radius: place.radius, notifyOnEntry: true, notifyOnExit: false))
        }
    }

    /// Whether the device is inside a monitored region, as Core Location answers
    /// `requestState(for:)`: `true` inside, `false` outside, `nil` when the region is not
    /// monitored or no position is known. A crossing is known to the system only once it
    /// is reported (``regionDelay`` after it): until then the answer is the side the
    /// device came from. An app asks at launch to learn of a crossing it died before
    /// handling, which Core Location never reports again.
    ///
    /// ```swift
    /// for region in await center.monitoredRegionList() where await center.isInside(monitoredRegion: region.identifier) == true {
    ///     try await engine.positionChanged(region.center)
    /// }
    /// ```
    public func isInside(monitoredRegion identifier: String) -> Bool? {
        guard monitoredRegions[identifier] != nil else { return nil }
        if let unreported = regionEvents.last(where: { $0.region.identifier == identifier }) {
            return unreported.kind == .exit
        }
        return insideMonitoredRegion[identifier]
    }

    /// Crossings not reported yet, soonest first.
    public func pendingRegionEvents() -> [RegionEvent] {
        regionEvents.sorted { ($0.date, $0.region.identifier) < ($1.date, $1.region.identifier) }
    }

    /// Called with each region entry or exit when it is reported, with the clock at the
    /// report's instant: the app's `CLLocationManagerDelegate`. `nil` removes it (the
    /// app is not running: events that fall due are lost, as a relaunch that sets no
    /// delegate loses them). With a ``SimulatedDevice`` around the center, the device
    /// hears each crossing first and relaunches an app that is not running
    /// (``SimulatedDevice/setRegionHandler(_:)``); this handler then hears the crossings
    /// that reached a running app, unless the device has a region handler of its own.
    public func setRegionHandler(_ handler: (@Sendable (RegionEvent) async -> Void)?) {
        regionHandler = handler
    }

    /// Records the crossings of monitored regions at a new position.
    func noteMonitoredCrossings(at position: Coordinate, now: Date) {
        for region in monitoredRegions.values {
            let inside = region.contains(position)
            let before = insideMonitoredRegion[region.identifier]
            insideMonitoredRegion[region.identifier] = inside
            guard let before, before != inside, locationAccess.allowsRegionMonitoring,
                  inside ? region.notifyOnEntry : region.notifyOnExit else { continue }
            regionEvents.append(RegionEvent(kind: inside ? .entry : .exit, region: region,
                                            crossedAt: now, date: now.addingTimeInterval(regionDelay)))
        }
    }

    /// The region event reported first, if it is due by `date`.
    func soonestRegionEvent(notAfter date: Date) -> RegionEvent? {
        pendingRegionEvents().first { $0.date <= date }
    }

    /// Reports a due region event to the app (through the device, when there is one,
    /// which wakes or relaunches it first) and forgets it.
    func report(_ event: RegionEvent) async {
        regionEvents.removeAll { $0 == event }
        // Access taken away since the crossing: nothing is reported.
        guard locationAccess.allowsRegionMonitoring else { return }
        if let regionRelay {
            await regionRelay(event)
        } else {
            await regionHandler?(event)
        }
    }
}
