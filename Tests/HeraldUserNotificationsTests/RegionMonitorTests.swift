#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Synchronization
import Testing
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import CoreLocationShim
@_spi(Testing) import UserNotificationsShim

/// Route waypoints watched through `CLMonitor` as Core Location documents it: within
/// the 20 regions, states re-emitted at launch, "inside" at once for a waypoint the
/// device is in, events in the background only under a `CLServiceSession`, the location
/// access read and reported, each report inside background time. Serialized: the
/// monitors and regions are shared by the process, as by an app.
@Suite(.serialized) struct RegionMonitorTests {
    static let start = Coordinate(latitude: 0, longitude: -1)

    /// A fresh install with `status`, an engine over the shims, and a monitor.
    func setUp(status: CLAuthorizationStatus = .authorizedAlways, backgroundTime: BackgroundTime = .none)
        async throws -> (Engine, RegionMonitor) {
        let (engine, _, monitor) = try await setUpWithCenter(status: status, backgroundTime: backgroundTime)
        return (engine, monitor)
    }

    func setUpWithCenter(status: CLAuthorizationStatus = .authorizedAlways, backgroundTime: BackgroundTime = .none)
        async throws -> (Engine, UNUserNotificationCenter, RegionMonitor) {
        CLLocationManager.resetForTesting(status: status)
        CLMonitor.resetForTesting()
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        return (engine, platform, RegionMonitor(engine: engine, manager: CLLocationManager(), backgroundTime: backgroundTime))
    }

    func spot(_ waypoint: String, _ engine: Engine) async throws -> String {
        try #require(try await engine.routeSession()).spotIdentifier(waypoint).description
    }

    @Test func waypointsAreWatchedWithinTheBudgetAndForeignRegionsLeftAlone() async throws {
        // Given the app's own region, and a route of 25 waypoints
        let (engine, monitor) = try await setUp()
        CLLocationManager().startMonitoring(for: CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 1), radius: 100, identifier: "the-app's-own"))
        await monitor.observeRuns()
        try await engine.startRoute(try LocationAdapterTests.route(waypoints: 25))
        try await engine.positionChanged(Self.start)

        // Then the app's region takes one of the 20: the 19 nearest waypoints are watched
        let nineteen = try await (0..<19).asyncMap { try await spot("w\($0)", engine) }
        #expect(monitor.monitoredIdentifiers == Set(nineteen))
        #expect(CLMonitor.identifiersForTesting(monitor.monitorName) == Set(nineteen))

        // When the device enters the first: the engine reaches it, the next plan rotates
        CLMonitor.crossForTesting(nineteen[0], inside: true)
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }
        await engine.becameActive()
        let next = try await (1..<20).asyncMap { try await spot("w\($0)", engine) }
        #expect(CLMonitor.identifiersForTesting(monitor.monitorName) == Set(next))
        #expect(CLLocationManager().monitoredRegions.map(\.identifier) == ["the-app's-own"])
    }

    /// `CLMonitor` re-emits a condition's state when the next process makes it again: an
    /// entry the last process died before handling is reached then.
    @Test func aLaunchHearsTheReemittedStateOfAnEntryMissedWhileDead() async throws {
        // Given a route of three waypoints watched by a process that then dies
        let (engine, dead) = try await setUp()
        await dead.observeRuns()
        try await engine.startRoute(try LocationAdapterTests.route(waypoints: 3))
        try await engine.positionChanged(Self.start)
        let w0 = try await spot("w0", engine)
        await dead.stopObservingRuns()

        // When the device enters w0 while no process hears it
        CLMonitor.crossForTesting(w0, inside: true, inBackground: true)
        #expect(try await engine.routeSession()?.visits["w0"] == nil)

        // Then the next process hears the state again, and w0 is reached
        let relaunched = RegionMonitor(engine: engine, manager: CLLocationManager(), backgroundTime: .none)
        await relaunched.observeRuns()
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }
        #expect(try await engine.routeSession()?.visits.count == 1)
    }

    /// A state re-emitted for a waypoint the engine reached already (the app heard the
    /// position in the foreground before its monitor could) reaches nothing new.
    @Test func aReemittedStateOfAReachedWaypointSendsNothingTwice() async throws {
        // Given a route watched by a process that dies, and w0 reached by a position
        // while the device was inside its region
        let (engine, platform, dead) = try await setUpWithCenter()
        await dead.observeRuns()
        let route = try LocationAdapterTests.route(waypoints: 3)
        try await engine.startRoute(route)
        try await engine.positionChanged(Self.start)
        let w0 = try await spot("w0", engine)
        await dead.stopObservingRuns()
        CLMonitor.crossForTesting(w0, inside: true, inBackground: true)
        try await engine.positionChanged(route.waypoints[0].coordinate)
        let visit = try #require(try await engine.routeSession()?.visits["w0"])
        func spots() async -> Int {
            let pending = await platform.pendingNotificationRequests().map(\.identifier)
            let delivered = await platform.deliveredNotifications().map(\.request.identifier)
            return (pending + delivered).filter { $0 == w0 }.count
        }
        #expect(await spots() == 1)

        // When the next process hears w0's state again (and has reported it)
        let reports = Mutex(0)
        let counted = BackgroundTime { _, work in
            await work()
            reports.withLock { $0 += 1 }
        }
        let relaunched = RegionMonitor(engine: engine, manager: CLLocationManager(), backgroundTime: counted)
        await relaunched.observeRuns()
        try await waitUntil { reports.withLock { $0 } == 1 }

        // Then the visit and its one notification are as they were
        #expect(try await engine.routeSession()?.visits["w0"] == visit)
        #expect(await spots() == 1)
    }

    @Test func aWaypointTheDeviceIsInsideWhenItIsAddedIsReached() async throws {
        // Given the device inside the region of the route's first waypoint already
        let (engine, monitor) = try await setUp()
        await monitor.observeRuns()
        try await engine.positionChanged(Self.start)
        let route = try LocationAdapterTests.route(waypoints: 2)
        let w0 = RouteSessionState(session: route, startedAt: tuesdayMorning).spotIdentifier("w0").description
        CLMonitor.crossForTesting(w0, inside: true)

        // When the route starts and its waypoints are added, assumed outside
        try await engine.startRoute(route)

        // Then the monitor says at once that the device is inside w0: it is reached
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }
        #expect(try await engine.routeSession()?.visits["w1"] == nil)
    }

    @Test func theAccessIsReportedAndWaypointsAreWatchedOnlyWithAlways() async throws {
        // Given an app the user lets use location only while in use
        let (engine, monitor) = try await setUp(status: .authorizedWhenInUse)
        await monitor.observeRuns()
        #expect(try await engine.locationAccess() == .whenInUse)

        // When a route of three waypoints starts
        let report = try await engine.startRoute(try LocationAdapterTests.route(waypoints: 3))

        // Then no waypoint is watched, and the plan says why
        #expect(monitor.monitoredIdentifiers.isEmpty)
        #expect(report.plan?.regions.withheld == RegionPlan.Withheld(access: .whenInUse, waypoints: 3, locationReminders: 0))
        #expect(CLMonitor.alwaysSessionsForTesting == 0)

        // When the user allows Always: Core Location calls the delegate, the monitor reports
        CLLocationManager.resetForTesting(status: .authorizedAlways)
        let manager = CLLocationManager()
        monitor.locationManagerDidChangeAuthorization(manager)

        // Then the three are watched, with a session for background events
        try await waitUntil { monitor.monitoredIdentifiers.count == 3 }
        #expect(try await engine.locationAccess() == .always)
        #expect(CLMonitor.alwaysSessionsForTesting == 1)

        // And when the route stops, nothing is watched and the session ends
        try await engine.stopRoute()
        #expect(monitor.monitoredIdentifiers.isEmpty)
        #expect(CLMonitor.alwaysSessionsForTesting == 0)
    }

    @Test func aBackgroundCrossingReachesTheAppOnlyUnderItsSession() async throws {
        // Given a route watched with Always (the monitor holds a session)
        let (engine, monitor) = try await setUp()
        await monitor.observeRuns()
        try await engine.startRoute(try LocationAdapterTests.route(waypoints: 2))
        try await engine.positionChanged(Self.start)
        let w0 = try await spot("w0", engine)
        #expect(CLMonitor.alwaysSessionsForTesting == 1)

        // Then a crossing in the background is emitted and reached
        #expect(CLMonitor.crossForTesting(w0, inside: true, inBackground: true))
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }

        // And without Always the shim, as iOS, emits nothing in the background
        CLLocationManager.resetForTesting(status: .authorizedWhenInUse)
        #expect(!CLMonitor.crossForTesting(try await spot("w1", engine), inside: true, inBackground: true))
    }

    @Test func eachArrivalIsReportedInsideBackgroundTime() async throws {
        // Given a monitor whose background time records its begin and end, and whether
        // the waypoint was recorded when the time ended
        let log = Mutex<[String]>([])
        let engineBox = Mutex<Engine?>(nil)
        let time = BackgroundTime { name, work in
            log.withLock { $0.append("begin \(name)") }
            await work()
            let engine = engineBox.withLock { $0 }
            let reached = (try? await engine?.routeSession()?.visits["w0"]) != nil
            log.withLock { $0.append("end, w0 \(reached ? "reached" : "not reached")") }
        }
        let (engine, monitor) = try await setUp(backgroundTime: time)
        engineBox.withLock { $0 = engine }
        await monitor.observeRuns()
        try await engine.startRoute(try LocationAdapterTests.route(waypoints: 2))
        try await engine.positionChanged(Self.start)

        // When the device enters w0
        CLMonitor.crossForTesting(try await spot("w0", engine), inside: true, inBackground: true)

        // Then the report ran inside the time, which ended after the waypoint was recorded
        try await waitUntil { log.withLock { $0.count } == 2 }
        #expect(log.withLock { $0 } == ["begin herald.region", "end, w0 reached"])
    }

    @Test func theFacadeMonitorsTheWaypointsOfEveryPlanFromItsLaunchOn() async throws {
        // Given the façade of an app with routes, launched
        CLLocationManager.resetForTesting()
        CLMonitor.resetForTesting()
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert])
        let (signals, _) = AsyncStream.makeStream(of: TimeChange.self)
        let herald = HeraldSystem(
            source: TwoHabits(), store: InMemoryEngineStore(), categories: TwoHabits.categories,
            configuration: PlannerConfiguration(), refreshIdentifier: nil, monitorsRegions: true,
            system: SystemServices(notificationCenter: platform, clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
                                   timeSignals: StartedSignals(stream: signals),
                                   scheduler: BGTaskScheduler.makeForTesting(permittedIdentifiers: []),
                                   locationManager: { CLLocationManager() }),
            presentPrompt: { _ in }, openSettings: { _ in })
        await herald.launched()
        try await herald.engine.positionChanged(Coordinate(latitude: 0, longitude: -1))
        let monitor = try #require(herald.regions)
        #expect(monitor.monitoredIdentifiers.isEmpty)

        // When the app starts a route of three waypoints
        try await herald.engine.startRoute(try LocationAdapterTests.route(waypoints: 3))

        // Then its plan's three waypoints are monitored (they fit the 20 regions)
        let session = try #require(try await herald.engine.routeSession())
        #expect(monitor.monitoredIdentifiers == Set(["w0", "w1", "w2"].map { session.spotIdentifier($0).description }))
    }

    @Test func theTwentyFirstRegionFailsThroughTheDelegate() {
        CLLocationManager.resetForTesting()
        let manager = CLLocationManager()
        let failures = FailureLog()
        manager.delegate = failures
        for index in 0..<21 {
            manager.startMonitoring(for: CLCircularRegion(center: CLLocationCoordinate2D(latitude: 0, longitude: 0),
                                                          radius: 10, identifier: "r\(index)"))
        }
        #expect(manager.monitoredRegions.count == 20)
        #expect(failures.identifiers == ["r20"])
    }

    @Test func waypointsAnOlderHeraldMonitoredAsRegionsAreStopped() async throws {
        // Given a region an older Herald monitored for a waypoint, and the app's own
        let (engine, monitor) = try await setUp()
        let old = NotificationIdentifier(entity: EntityReference(namespace: "herald.route", id: "walk"), rule: "spot",
                                         occurrence: OccurrenceKey(rawValue: "1.w0"), kind: .event).description
        for identifier in [old, "the-app's-own"] {
            CLLocationManager().startMonitoring(for: CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 25, identifier: identifier))
        }

        // When the monitor starts
        await monitor.observeRuns()

        // Then only the app's own region is left
        #expect(CLLocationManager().monitoredRegions.map(\.identifier) == ["the-app's-own"])
        _ = engine
    }
}

extension Range where Bound == Int {
    /// Each element's transform, in order.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
#endif
