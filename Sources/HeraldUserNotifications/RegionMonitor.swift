#if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
import Foundation
import Herald
import Logging
#if canImport(CoreLocation)
import CoreLocation
#else
import CoreLocationShim
#endif

/// Watches the waypoints of the route in progress through Core Location's region
/// monitoring, within the platform's 20 regions, and tells the engine when the device
/// arrives at one.
///
/// Once it observes the engine (``observeRuns()``, before the first run) it applies the
/// ``Herald/RegionPlan`` of every plan the engine makes (``Herald/Plan/regions``),
/// whatever caused the run: it starts and stops monitoring with the fewest calls, only for Herald's own regions (identifiers
/// that parse as Herald identifiers), so regions the app monitors itself are never
/// touched; they take slots of the 20, so the plan's nearest waypoints that fit are
/// monitored. Location reminders are monitored by their `UNLocationNotificationTrigger`s
/// and are left to the system. An entry into a waypoint's region reports the
/// waypoint's centre as the position (``Herald/Engine/positionChanged(_:)``).
///
/// Core Location never reports again an entry the app died before handling, so when
/// it starts observing (at launch) the monitor asks the state of each of Herald's
/// monitored regions (`requestState(for:)`), and a region the device is inside counts
/// as an entry, once.
///
/// ```swift
/// let monitor = RegionMonitor(engine: engine)      // a CLLocationManager of its own
/// await monitor.observeRuns()                      // before the first run
/// try await engine.startRoute(walk)                // its plan's waypoints are monitored
/// ```
///
/// ``HeraldSystem`` makes and starts one for an app that passes `monitorsRegions`.
public final class RegionMonitor: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    // @unchecked: the manager is not Sendable; it is only read and called from the
    // delegate callbacks and `apply`, which Core Location allows from any thread, and
    // `lock` guards the places this type keeps.
    private let manager: CLLocationManager
    private let engine: Engine
    private let logger: Logger
    private let lock = NSLock()
    private var centres: [String: Coordinate] = [:]
    private var observing = false
    private var observation: ReportObservation?
    /// The regions whose state was asked at launch and not answered yet.
    private var askedAtLaunch: Set<String> = []

    public init(engine: Engine, manager: CLLocationManager = CLLocationManager(),
                logger: Logger = Logger(label: "herald.regions")) {
        self.manager = manager
        self.engine = engine
        self.logger = logger
        super.init()
        manager.delegate = self
    }

    /// Herald's regions monitored now, by identifier.
    public var monitoredIdentifiers: Set<String> {
        Set(manager.monitoredRegions.map(\.identifier).filter { NotificationIdentifier(parsing: $0) != nil })
    }

    /// Applies the regions of every plan the engine makes from now on (a run that could
    /// not plan leaves monitoring as it is). Observing twice changes nothing.
    public func observeRuns() async {
        let first = lock.withLock {
            defer { observing = true }
            return !observing
        }
        guard first else { return }
        let token = await engine.observeReports { [weak self] report in
            if let plan = report.plan { self?.apply(plan.regions) }
        }
        lock.withLock { observation = token }
        askStateOfMonitoredRegions()
    }

    /// Asks the state of Herald's monitored regions: an answer of `.inside` is an entry
    /// the last process may have died before handling.
    private func askStateOfMonitoredRegions() {
        let herald = manager.monitoredRegions.filter { NotificationIdentifier(parsing: $0.identifier) != nil }
        lock.withLock { askedAtLaunch = Set(herald.map(\.identifier)) }
        for region in herald { manager.requestState(for: region) }
    }

    /// Stops applying the engine's plans; what is monitored stays monitored.
    public func stopObservingRuns() async {
        let token = lock.withLock {
            defer { observing = false; observation = nil }
            return observation
        }
        if let token { await engine.stopObserving(token) }
    }

    /// Makes the monitored waypoint regions those `plan` watches: stops what it no
    /// longer watches, then starts what is new.
    public func apply(_ plan: RegionPlan) {
        let current = monitoredIdentifiers
        let foreign = manager.monitoredRegions.count - current.count
        let waypoints = Array(plan.watched.filter { $0.kind == .waypoint }.prefix(max(0, RegionBudget.platformLimit - foreign)))
        let wanted = Set(waypoints.map(\.identifier))
        lock.withLock { centres = Dictionary(waypoints.map { ($0.identifier, $0.center) }, uniquingKeysWith: { $1 }) }
        for region in manager.monitoredRegions where current.contains(region.identifier) && !wanted.contains(region.identifier) {
            manager.stopMonitoring(for: region)
        }
        for place in waypoints where !current.contains(place.identifier) {
            let region = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: place.center.latitude, longitude: place.center.longitude),
                radius: place.radius, identifier: place.identifier)
            region.notifyOnEntry = true
            region.notifyOnExit = false
            manager.startMonitoring(for: region)
        }
    }

    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState,
                                for region: CLRegion) {
        // Core Location also calls this after every crossing: only the answers to the
        // launch's questions count, once each.
        let asked = lock.withLock { askedAtLaunch.remove(region.identifier) != nil }
        guard asked, state == .inside else { return }
        locationManager(manager, didEnterRegion: region)
    }

    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        let centre = lock.withLock { centres[region.identifier] }
            ?? (region as? CLCircularRegion).map { Coordinate(latitude: $0.center.latitude, longitude: $0.center.longitude) }
        guard NotificationIdentifier(parsing: region.identifier) != nil, let centre else { return }
        let engine = engine, logger = logger, identifier = region.identifier
        Task {
            do {
                try await engine.positionChanged(centre)
            } catch {
                logger.error("reporting a region entry failed", metadata: ["region": "\(identifier)", "error": "\(error)"])
            }
        }
    }

    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
                                withError error: any Error) {
        logger.warning("region monitoring failed", metadata: [
            "region": "\(region?.identifier ?? "none")", "error": "\(error)",
        ])
    }
}
#endif
