#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Synchronization
import Testing
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import CoreLocationShim
@_spi(Testing) import UserNotificationsShim

/// Location through the platform adapter: location triggers as
/// `UNLocationNotificationTrigger` with a `CLCircularRegion` (read back exactly), and
/// route waypoints monitored through `CLLocationManager` within 20 regions, an entry
/// reaching the waypoint. Serialized: the monitored regions are shared by the process,
/// as they are by an app.
@Suite(.serialized) struct LocationAdapterTests {
    static let gym = LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.405, radius: 150,
                                    notifyOnEntry: true, notifyOnExit: true)

    @Test func aLocationRequestReadsBackExactly() async throws {
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        let identifier = NotificationIdentifier(entity: EntityReference(namespace: "habit", id: "workout"), rule: "arrive",
                                                occurrence: OccurrenceKey(rawValue: "20260310T0000"), kind: .location)
        let request = NotificationRequest(identifier: identifier.description,
                                          content: NotificationContent(title: "At the gym", badge: 1),
                                          trigger: .location(Self.gym, repeats: true))
        try await center.add(request)

        #expect(await center.pendingNotificationRequests() == [request])
        let platformRequest = try #require(await platform.pendingNotificationRequests().first)
        let trigger = try #require(platformRequest.trigger as? UNLocationNotificationTrigger)
        let region = try #require(trigger.region as? CLCircularRegion)
        #expect(trigger.repeats)
        #expect(region.identifier == "gym" && region.radius == 150)
        #expect(region.center.latitude == 52.52 && region.center.longitude == 13.405)
        #expect(region.notifyOnEntry && region.notifyOnExit)
    }

    @Test func waypointsAreMonitoredWithinTheBudgetAndForeignRegionsLeftAlone() async throws {
        CLLocationManager.resetForTesting()
        let appsOwn = CLLocationManager()
        appsOwn.startMonitoring(for: CLCircularRegion(center: CLLocationCoordinate2D(latitude: 1, longitude: 1), radius: 100,
                                                      identifier: "the-app's-own"))
        let engine = try await makeEngine(platform: makePlatformCenter())
        let manager = CLLocationManager()
        let monitor = RegionMonitor(engine: engine, manager: manager)
        await monitor.observeRuns()
        let route = try Self.route(waypoints: 25)
        try await engine.startRoute(route)
        try await engine.positionChanged(Coordinate(latitude: 0, longitude: -1))

        // The app's own region takes one of the 20: the 19 nearest waypoints are watched.
        #expect(CLLocationManager().monitoredRegions.count == 20)
        let session = try #require(try await engine.routeSession())
        #expect(monitor.monitoredIdentifiers == Set((0..<19).map { session.spotIdentifier("w\($0)").description }))

        // Arriving at the first waypoint: the engine hears it, and the next plan rotates.
        let first = session.spotIdentifier("w0").description
        manager.crossForTesting(first, entering: true)
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }
        await engine.becameActive()
        #expect(!monitor.monitoredIdentifiers.contains(first))
        #expect(monitor.monitoredIdentifiers == Set((1..<20).map { session.spotIdentifier("w\($0)").description }))
        #expect(CLLocationManager().monitoredRegions.contains { $0.identifier == "the-app's-own" })
    }

    /// An entry the last process died before handling is not reported again; the next
    /// launch's monitor asks the regions' state, and the waypoint the device is inside is
    /// reached, once.
    @Test func aLaunchAsksTheStateOfTheRegionsAndAnEntryMissedWhileDeadIsReached() async throws {
        // Given a route of three waypoints monitored by a process that then dies
        CLLocationManager.resetForTesting()
        let engine = try await makeEngine(platform: makePlatformCenter())
        let dead = RegionMonitor(engine: engine, manager: CLLocationManager())
        await dead.observeRuns()
        try await engine.startRoute(try Self.route(waypoints: 3))
        try await engine.positionChanged(Coordinate(latitude: 0, longitude: -1))
        let session = try #require(try await engine.routeSession())
        let first = session.spotIdentifier("w0").description
        #expect(dead.monitoredIdentifiers.contains(first))
        await dead.stopObservingRuns()

        // When the device enters the first waypoint while no process hears it
        CLLocationManager().crossForTesting(first, entering: true)
        #expect(try await engine.routeSession()?.visits["w0"] == nil)

        // Then the next process's monitor learns it is inside at launch
        let relaunched = RegionMonitor(engine: engine, manager: CLLocationManager())
        await relaunched.observeRuns()
        try await waitUntil { try await engine.routeSession()?.visits["w0"] != nil }
        #expect(try await engine.routeSession()?.visits.count == 1)
    }

    @Test func aRunCausedByACompletionIsMonitoredToo() async throws {
        // Given a route of three waypoints in progress, a position heard, and a monitor
        // that starts observing only afterwards (so nothing is monitored yet)
        CLLocationManager.resetForTesting()
        let engine = try await makeEngine(platform: makePlatformCenter())
        let monitor = RegionMonitor(engine: engine, manager: CLLocationManager())
        try await engine.startRoute(try Self.route(waypoints: 3))
        try await engine.positionChanged(Coordinate(latitude: 0, longitude: -1))
        #expect(monitor.monitoredIdentifiers.isEmpty)
        await monitor.observeRuns()

        // When the app records a completion (a run no lifecycle call caused)
        try await engine.completed(EntityReference(namespace: "habit", id: "water"))

        // Then its plan's regions are monitored: three waypoints fit the 20 regions, so
        // all three are watched
        let session = try #require(try await engine.routeSession())
        #expect(monitor.monitoredIdentifiers == Set(["w0", "w1", "w2"].map { session.spotIdentifier($0).description }))

        // And once it stops observing, a new plan changes nothing it monitors
        await monitor.stopObservingRuns()
        try await engine.stopRoute()
        #expect(monitor.monitoredIdentifiers.count == 3)
    }

    @Test func theFacadeMonitorsTheWaypointsOfEveryPlanFromItsLaunchOn() async throws {
        // Given the façade of an app with routes, launched
        CLLocationManager.resetForTesting()
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
        try await herald.engine.startRoute(try Self.route(waypoints: 3))

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

    static func route(waypoints count: Int) throws -> RouteSession {
        try RouteSession(id: "walk", name: "Walk", waypoints: (0..<count).map {
            Waypoint(id: "w\($0)", name: "W\($0)", coordinate: Coordinate(latitude: 0, longitude: 0.001 * Double($0)))
        }, proximityThreshold: 25)
    }
}

final class FailureLog: NSObject, CLLocationManagerDelegate, Sendable {
    private let failed = Mutex<[String]>([])
    var identifiers: [String] { failed.withLock { $0 } }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {
        failed.withLock { $0.append(region?.identifier ?? "") }
    }
}
#endif
