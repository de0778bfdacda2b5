import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// `location_access`: what the user lets the app do with location, at the start and as
/// an event. Waypoints need Always, location reminders when-in-use; the app reads the
/// access when it launches or comes back from Settings, and the plan's `regions` line
/// says what the access held back.
///
/// The route is ``ScenarioRegionMonitoringTests``': two waypoints 0.001° and 0.002° east
/// on the equator, a 20 m threshold, a walk at 1.4 m/s from 09:02 Berlin, entries into
/// waypoint a at 65.1 s (sample 66 s) and b at 144.6 s (sample 145 s), reported 20 s
/// later with `location_updates: regions`.
@Suite struct ScenarioLocationAccessTests {
    static let walkStart = ISO8601DateFormatter().date(from: "2026-11-21T08:02:00Z")!

    static func scenario(start access: String, event: String? = nil) throws -> Scenario {
        try makeScenario(body: """
            app: foreground
            location_updates: regions
            location_access: \(access)
            events:
              - {at: 2026-11-21T09:00, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T09:01, route: {id: r, name: R, threshold: 20, waypoints: [{id: a, name: Spot A, lat: 0, lon: 0.001}, {id: b, name: Spot B, lat: 0, lon: 0.002}]}}
            \(event.map { "  - {at: 2026-11-21T09:01:30, location_access: \($0)}" } ?? "")
              - {at: 2026-11-21T09:02, walk: {to: [{lat: 0, lon: 0.003}], speed: 1.4, every: 1}}
            """)
    }

    static func deliveries(_ result: ScenarioResult) -> [String] {
        result.timeline.compactMap { entry in
            guard case .delivery(let delivery) = entry else { return nil }
            return "\(delivery.title) \(Int(delivery.date.timeIntervalSince(walkStart)))"
        }
    }

    static func regions(_ result: ScenarioResult) -> [String] {
        result.timeline.compactMap { entry in
            guard case .regions(let regions) = entry else { return nil }
            return regions.text
        }
    }

    @Test func withWhenInUseNoWaypointIsWatchedAndTheRegionsLineSaysWhy() async throws {
        let result = try await ScenarioRunner(scenario: Self.scenario(start: "when_in_use")).run()

        // No region monitoring: no entry is ever reported, so nothing is reached
        #expect(Self.deliveries(result).isEmpty)
        #expect(Self.regions(result) == [
            "watching 0; cut 0; location access when in use; 2 waypoints not watched: region monitoring needs always",
        ])
        let json = result.jsonLines().split(separator: "\n").first { $0.contains("\"type\":\"regions\"") }
        #expect(json?.contains("\"withheld\":{\"access\":\"when_in_use\",\"location_reminders\":0,\"waypoints\":2}") == true,
                "\(json ?? "no regions line")")
    }

    @Test func allowingAlwaysInSettingsWatchesTheWaypointsWhenTheAppComesBack() async throws {
        let result = try await ScenarioRunner(scenario: Self.scenario(start: "when_in_use", event: "always")).run()

        // The app leaves for Settings and comes back at 09:01:30: it reads Always, the
        // run watches both waypoints, and the walk reaches them as with Always throughout
        #expect(Self.deliveries(result) == ["Spot A 86", "Spot B 165", "Route complete! 165"])
        #expect(Self.regions(result) == [
            "watching 0; cut 0; location access when in use; 2 waypoints not watched: region monitoring needs always",
            "watching 2: Spot A, Spot B; cut 0", "watching 1: Spot B; cut 0", "watching 0; cut 0",
        ])
        let lifecycle = result.timeline.compactMap { entry -> String? in
            guard case .lifecycle(let change) = entry, case .locationAccess = change.change else { return nil }
            return change.change.description
        }
        #expect(lifecycle == ["location access always"])
        let json = result.jsonLines().split(separator: "\n").first { $0.contains("\"change\":\"location_access\"") }
        #expect(json?.contains("\"location_access\":\"always\"") == true, "\(json ?? "no lifecycle line")")
    }

    @Test func alwaysFromTheStartChangesNothing() async throws {
        let result = try await ScenarioRunner(scenario: Self.scenario(start: "always")).run()
        #expect(Self.deliveries(result) == ["Spot A 86", "Spot B 165", "Route complete! 165"])
        #expect(!Self.regions(result).contains { $0.contains("location access") })
    }

    @Test func aLocationReminderIsArmedOnlyOnceLocationIsAllowed() async throws {
        // Zurich: an arrive reminder, location denied; the device enters at 08:05 (nothing),
        // leaves, the user allows when-in-use at 08:20 (the app is in the foreground),
        // enters again at 08:30: delivered 20 s later
        let scenario = try Scenario(yaml: """
            name: arrive once allowed
            zone: Europe/Zurich
            start: 2026-06-15T08:00
            app: foreground
            location_access: denied
            entities:
              - id: home
                title: Water the plants
                rules:
                  - {id: arrive-home, arrive: {lat: 47.3769, lon: 8.5417, radius: 100}}
            events:
              - {at: 2026-06-15T08:01, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T08:05, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T08:10, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T08:20, location_access: when_in_use}
              - {at: 2026-06-15T08:30, position: {lat: 47.3769, lon: 8.5417}}
            """, file: "arrive.yaml")
        let result = try await ScenarioRunner(scenario: scenario).run()
        #expect(result.deliveries.map { "\($0.local.time)" } == ["08:30:20"])
    }

    @Test func anUnknownAccessIsLocated() {
        let error = parseError(ScenarioFixtures.header + "location_access: sometimes\n")
        #expect(error?.description.hasPrefix("test.yaml:4:18:") == true, "\(String(describing: error))")
        #expect(error?.description.contains("always") == true)
        let event = parseError(ScenarioFixtures.header + """
            events:
              - {at: 2026-11-21T09:00, location_access: yes}
            """)
        #expect(event?.description.hasPrefix("test.yaml:5:") == true, "\(String(describing: event))")
    }
}
