#if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
import Foundation
import Herald
import Logging
#if canImport(CoreLocation)
import CoreLocation
#else
import CoreLocationShim
#endif

/// Watches the waypoints of the route in progress through Core Location's `CLMonitor`,
/// within the platform's 20 regions, tells the engine when the device arrives at one,
/// and tells it the user's location access.
///
/// Once it observes the engine (``observeRuns()``, before the first run) it applies the
/// `RegionPlan` of every plan the engine makes, whatever caused the run: it
/// adds and removes conditions of a monitor of its own (named ``monitorName``) with the
/// fewest calls; regions the app monitors itself take slots of the 20, so the plan's
/// nearest waypoints that fit are watched. Location reminders are watched by their
/// `UNLocationNotificationTrigger`s, by the system. A satisfied condition reports the
/// waypoint's centre as the position (`Engine.positionChanged(_:)`), inside
/// ``BackgroundTime`` so the about ten seconds a crossing gives the app are not cut
/// short.
///
/// What the platform does that it relies on, and how:
/// - `CLMonitor` re-emits a condition's state when a process makes the monitor again,
///   and emits "satisfied" at once for a waypoint the device is inside when it is
///   added. Every satisfied event is reported: the engine reaches a waypoint once, so
///   a repeated one changes nothing, and an entry the last process died before
///   handling is reached at the next launch.
/// - Events reach an app in the background only while it holds a `CLServiceSession`
///   with Always authorization (iOS 18): it holds one while it watches a waypoint.
/// - Core Location calls a `CLLocationManager`'s delegate on the run loop of the thread
///   that made it: the monitor makes its manager on the main actor, and reports the
///   access (``Herald/LocationAccess``) when it starts and whenever it changes, so the
///   plan watches only what the access allows (waypoints need Always).
/// - What it asked the monitor is remembered, never read back (Core Location applies
///   changes asynchronously).
///
/// ```swift
/// let monitor = RegionMonitor(engine: engine)      // a CLMonitor and a CLLocationManager of its own
/// await monitor.observeRuns()                      // before the first run
/// try await engine.startRoute(walk)                // its plan's waypoints are watched
/// ```
///
/// ``HeraldSystem`` makes and starts one for an app that passes `monitorsRegions`.
public final class RegionMonitor: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    // @unchecked: `lock` guards every stored var; the manager is made on the main actor
    // and only read there or from its delegate callbacks, which Core Location makes on
    // the main run loop.
    private let engine: Engine
    private let logger: Logger
    private let backgroundTime: BackgroundTime
    /// The name of the `CLMonitor` whose conditions are Herald's waypoints.
    public let monitorName: String
    private let lock = NSLock()
    private var manager: CLLocationManager?
    private var monitor: CLMonitor?
    private var session: CLServiceSessionHolder?
    private var centres: [String: Coordinate] = [:]
    private var watched: Set<String> = []
    private var observing = false
    private var observation: Engine.ReportObservation?
    private var listening: Task<Void, Never>?

    /// - Parameters:
    ///   - engine: the engine to report arrivals and the access to.
    ///   - manager: where the access and the app's own regions are read; made on the
    ///     main actor when ``observeRuns()`` starts if not given.
    ///   - monitorName: the name Herald's `CLMonitor` keeps its conditions under.
    ///   - backgroundTime: the time kept while a crossing is reported.
    ///   - logger: where the monitor logs the regions it watches and what it could not do.
    public init(engine: Engine, manager: CLLocationManager? = nil, monitorName: String = "herald.waypoints",
                backgroundTime: BackgroundTime = .system, logger: Logger = Logger(label: "herald.regions")) {
        self.engine = engine
        self.manager = manager
        self.monitorName = monitorName
        self.backgroundTime = backgroundTime
        self.logger = logger
        super.init()
        manager?.delegate = self
    }

    deinit {
        listening?.cancel()
    }

    /// Herald's waypoints watched now, by identifier, as the monitor last asked.
    public var monitoredIdentifiers: Set<String> {
        lock.withLock { watched }
    }

    /// Starts: makes the manager and the monitor, hears the monitor's events (those it
    /// re-emits first), reports the location access, and applies the regions of every
    /// plan the engine makes from now on (a run that could not plan leaves them as they
    /// are). Observing twice changes nothing.
    public func observeRuns() async {
        let first = lock.withLock {
            defer { observing = true }
            return !observing
        }
        guard first else { return }
        await installManager()
        let monitor = await CLMonitor(monitorName)
        let identifiers = await monitor.identifiers
        lock.withLock {
            self.monitor = monitor
            watched = Set(identifiers)
        }
        listen(to: monitor)
        await reportAccess()
        let token = await engine.observeReports { [weak self] report in
            if let plan = report.plan { await self?.apply(plan.regions) }
        }
        lock.withLock { observation = token }
    }

    /// Stops applying the engine's plans; what is watched stays watched.
    public func stopObservingRuns() async {
        let (token, task) = lock.withLock {
            defer { observing = false; observation = nil; listening = nil }
            return (observation, listening)
        }
        task?.cancel()
        if let token { await engine.stopObserving(token) }
    }

    /// Makes the watched waypoints those `plan` watches: removes what it no longer
    /// watches, then adds what is new, assumed outside (the monitor says at once when
    /// the device is inside already).
    package func apply(_ plan: RegionPlan) async {
        guard let monitor = lock.withLock({ self.monitor }) else { return }
        let foreign = await appsOwnRegionCount()
        let waypoints = Array(plan.watched.filter { $0.kind == .waypoint }
            .prefix(max(0, RegionBudget.platformLimit - foreign)))
        let wanted = Set(waypoints.map(\.identifier))
        let current = lock.withLock {
            defer {
                watched = wanted
                centres = Dictionary(waypoints.map { ($0.identifier, $0.center) }, uniquingKeysWith: { $1 })
            }
            return watched
        }
        for identifier in current.subtracting(wanted).sorted() { await monitor.remove(identifier) }
        for place in waypoints where !current.contains(place.identifier) {
            let centre = CLLocationCoordinate2D(latitude: place.center.latitude, longitude: place.center.longitude)
            await monitor.add(CLMonitor.CircularGeographicCondition(center: centre, radius: place.radius),
                              identifier: place.identifier, assuming: .unsatisfied)
        }
        holdSession(!wanted.isEmpty)
    }

    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        Task { await reportAccess() }
    }
}

extension RegionMonitor {
    /// Makes the manager on the main actor (Core Location calls its delegate on the run
    /// loop of the thread that made it), unless one was given; stops what an older
    /// Herald monitored through it (waypoints are `CLMonitor` conditions now).
    @MainActor
    private func installManager() {
        let manager = lock.withLock {
            if self.manager == nil { self.manager = CLLocationManager() }
            return self.manager
        }
        guard let manager else { return }
        manager.delegate = self
        #if !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
        for region in manager.monitoredRegions where NotificationIdentifier(parsing: region.identifier) != nil {
            manager.stopMonitoring(for: region)
        }
        #endif
    }

    /// Tells the engine the access Core Location reports.
    private func reportAccess() async {
        let access = await MainActor.run { [weak self] in self?.currentAccess() }
        guard let access else { return }
        do {
            try await engine.locationAccessChanged(access)
        } catch {
            logger.error("reporting the location access failed", metadata: ["access": "\(access)", "error": "\(error)"])
        }
    }

    @MainActor
    private func currentAccess() -> LocationAccess? {
        lock.withLock { manager }.map { LocationAccess($0.authorizationStatus) }
    }

    /// The regions the app monitors itself through `CLLocationManager`.
    private func appsOwnRegionCount() async -> Int {
        await MainActor.run { [weak self] in
            self?.lock.withLock { self?.manager }?.monitoredRegions.count ?? 0
        }
    }

    private func listen(to monitor: CLMonitor) {
        let task = Task { [weak self] in
            do {
                for try await event in await monitor.events {
                    guard let self else { return }
                    await self.handle(event, from: monitor)
                }
            } catch {
                self?.logger.error("the region monitor's events ended", metadata: ["error": "\(error)"])
            }
        }
        lock.withLock { listening = task }
    }

    /// A satisfied waypoint condition is an arrival at its centre.
    private func handle(_ event: CLMonitor.Event, from monitor: CLMonitor) async {
        let identifier = event.identifier
        guard event.state == .satisfied, NotificationIdentifier(parsing: identifier) != nil else { return }
        var centre = lock.withLock { centres[identifier] }
        if centre == nil, let condition = await monitor.record(for: identifier)?.condition
            as? CLMonitor.CircularGeographicCondition {
            centre = Coordinate(latitude: condition.center.latitude, longitude: condition.center.longitude)
        }
        guard let centre else { return }
        let engine = engine, logger = logger
        await backgroundTime.perform("herald.region") {
            do {
                try await engine.positionChanged(centre)
            } catch {
                logger.error("reporting a region entry failed", metadata: ["region": "\(identifier)", "error": "\(error)"])
            }
        }
    }

    /// Holds a `CLServiceSession` with Always while a waypoint is watched, so events
    /// reach the app in the background (iOS 18); releases it when none is.
    private func holdSession(_ hold: Bool) {
        lock.withLock {
            if hold, session == nil {
                session = CLServiceSessionHolder()
            } else if !hold, let held = session {
                held.invalidate()
                session = nil
            }
        }
    }
}

extension LocationAccess {
    /// The access a Core Location authorization status gives: restricted is denied.
    public init(_ status: CLAuthorizationStatus) {
        switch status {
        case .authorizedAlways: self = .always
        case .authorizedWhenInUse: self = .whenInUse
        case .notDetermined: self = .notDetermined
        default: self = .denied
        }
    }
}
#endif
