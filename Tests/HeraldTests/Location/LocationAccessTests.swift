import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// The user's location access decides what Herald can count on: location reminders
/// need when-in-use (the system watches their triggers' regions), a route's waypoints
/// need Always (the app's region monitoring). What the access holds back is said in
/// the plan, never watched and never armed.
@Suite struct LocationAccessTests {
    typealias Fixture = LocationReminderTests.Fixture

    /// Three waypoints 10° north (far, so a reminder nearby would be nearer), and one
    /// location reminder at the gym.
    static func input(_ access: LocationAccess?) -> PlanningInput {
        var input = PlanningInput(now: Fixtures.date("2026-11-21T10:00"), deviceZone: Fixtures.berlin,
                                  rules: [LocationReminderTests.gymRule()])
        input.position = LocationReminderTests.away
        input.routeRegions = (1...3).map {
            MonitoredPlace(identifier: "w\($0)", kind: .waypoint, center: Coordinate(latitude: 62, longitude: Double($0)),
                           radius: 30)
        }
        input.locationAccess = access
        return input
    }

    @Test(arguments: [
        // access, watched kinds (waypoints first), withheld waypoints, withheld reminders
        (LocationAccess?.none, ["waypoint", "waypoint", "waypoint", "reminder"], 0, 0),
        (LocationAccess?.some(.always), ["waypoint", "waypoint", "waypoint", "reminder"], 0, 0),
        (LocationAccess?.some(.whenInUse), ["reminder"], 3, 0),
        (LocationAccess?.some(.denied), [], 3, 1),
        (LocationAccess?.some(.notDetermined), [], 3, 1),
    ])
    func thePlanWatchesWhatTheAccessAllowsAndSaysWhatItHeldBack(
        access: LocationAccess?, watched: [String], waypoints: Int, reminders: Int
    ) {
        let plan = Planner().plan(Self.input(access))
        #expect(plan.regions.watched.map { $0.kind == .waypoint ? "waypoint" : "reminder" } == watched)
        #expect(plan.regions.access == access)
        #expect(plan.regions.cutCount == 0)
        let armed = plan.locationReminders.count
        #expect(armed == (watched.contains("reminder") ? 1 : 0))
        if waypoints + reminders == 0 {
            #expect(plan.regions.withheld == nil)
        } else {
            #expect(plan.regions.withheld == RegionPlan.Withheld(access: access ?? .always, waypoints: waypoints,
                                                                  locationReminders: reminders))
        }
    }

    @Test func theWithheldPlacesAreSaidInWords() {
        #expect(RegionPlan.Withheld(access: .denied, waypoints: 1, locationReminders: 2).description
            == "location access denied; 1 waypoint not watched: region monitoring needs always; "
            + "2 location reminders not armed: location triggers need when in use")
    }

    @Test func theEngineRePlansOnlyWhenTheAccessChanges() async throws {
        // Given an engine with a location reminder, armed while the access is not known
        let fixture = Fixture([LocationReminderTests.gymRule()])
        try await fixture.move(to: LocationReminderTests.away)
        #expect(try await fixture.engine.locationAccess() == nil)
        #expect(await fixture.pendingLocation().count == 1)

        // When the app reports Always, as the engine assumed: recorded, no run
        #expect(try await fixture.engine.locationAccessChanged(.always) == nil)
        #expect(try await fixture.engine.locationAccess() == .always)

        // When the user denies location: a run that disarms the reminder, and says so
        let denied = try #require(try await fixture.engine.locationAccessChanged(.denied))
        #expect(denied.reasons == [.locationAccessChanged(.denied)])
        #expect(denied.plan?.regions.withheld == RegionPlan.Withheld(access: .denied, waypoints: 0, locationReminders: 1))
        #expect(await fixture.pendingLocation().isEmpty)

        // The same access again changes nothing
        #expect(try await fixture.engine.locationAccessChanged(.denied) == nil)

        // When the user allows it while in use: armed again
        let allowed = try #require(try await fixture.engine.locationAccessChanged(.whenInUse))
        #expect(allowed.plan?.regions.withheld == nil)
        #expect(await fixture.pendingLocation().count == 1)
    }

    @Test func aLocationTriggerFiresOnlyWithWhenInUse() async throws {
        // Given a location request pending, the device away, and location denied
        let fixture = Fixture([LocationReminderTests.gymRule()])
        try await fixture.move(to: LocationReminderTests.away)
        await fixture.center.setLocationAccess(.denied)

        // When the device walks into the gym's region: nothing fires
        await fixture.center.move(to: LocationReminderTests.gym)
        await fixture.center.advance(by: 60)
        #expect(await fixture.center.deliveryLog.isEmpty)

        // When it leaves, the user allows when-in-use, and it enters again: it fires,
        // 20 s after the crossing
        await fixture.center.move(to: LocationReminderTests.away)
        await fixture.center.setLocationAccess(.whenInUse)
        await fixture.center.move(to: LocationReminderTests.gym)
        await fixture.center.advance(by: 19)
        #expect(await fixture.center.deliveryLog.isEmpty)
        await fixture.center.advance(by: 1)
        #expect(await fixture.center.deliveryLog.count == 1)
    }

    @Test func aMonitoredRegionIsReportedOnlyWithAlwaysAndTheAccessOutlivesTheApp() async throws {
        // Given a monitored region one leg east, the device at the origin, when-in-use
        let center = RegionTriggerFixture.makeCenter()
        let heard = HeardEvents()
        await center.setRegionHandler { event in heard.append("\(event)") }
        await center.move(to: Coordinate(latitude: 0, longitude: 0))
        try await center.startMonitoring(LocationRegion(identifier: "w1", latitude: 0, longitude: 0.001, radius: 20,
                                                        notifyOnEntry: true, notifyOnExit: true))
        await center.setLocationAccess(.whenInUse)

        // When the device crosses it: nothing is reported
        await center.move(to: Coordinate(latitude: 0, longitude: 0.001))
        await center.advance(by: 60)
        #expect(heard.all.isEmpty)

        // And with Always, the exit is (the entry made without it never is)
        await center.setLocationAccess(.always)
        await center.move(to: Coordinate(latitude: 0, longitude: 0))
        await center.advance(by: 60)
        #expect(heard.all == ["exit w1"])

        // The access is the device's: a relaunched app's center keeps it
        await center.setLocationAccess(.denied)
        let restored = SimulatedNotificationCenter(restoring: await center.snapshot(), clock: center.clock)
        #expect(await restored.locationAccess == .denied)
    }
}

/// A center on the equator at 12:00 UTC, for region tests.
enum RegionTriggerFixture {
    static func makeCenter() -> SimulatedNotificationCenter {
        SimulatedNotificationCenter(clock: VirtualClock(now: Date(timeIntervalSince1970: 1_774_094_400),
                                                        timeZone: TimeZone(identifier: "UTC")!),
                                    authorization: .authorized)
    }
}

/// Region events a handler heard, in order.
final class HeardEvents: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}
