import Foundation
import Herald
import HeraldScenario
import Testing

/// `location_updates: regions`: the app hears a waypoint only as Core Location's region
/// entry, 20 s after the boundary was crossed, against hand-derived times. Two waypoints
/// 0.001° and 0.002° of longitude east on the equator (111.195 m apart), a 20 m
/// threshold, a walk at 1.4 m/s sampled every second from 09:02 Berlin (08:02 UTC):
/// inside waypoint a from (111.195 − 20) / 1.4 = 65.1 s (sample 66 s), waypoint b from
/// (222.39 − 20) / 1.4 = 144.6 s (sample 145 s).
struct ScenarioRegionMonitoringTests {
    static let walkStart = ISO8601DateFormatter().date(from: "2026-11-21T08:02:00Z")!

    func run(_ mode: String?) async throws -> [(title: String, seconds: TimeInterval)] {
        let scenario = try makeScenario(body: """
            app: foreground
            \(mode.map { "location_updates: \($0)" } ?? "")
            events:
              - {at: 2026-11-21T09:00, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T09:01, route: {id: r, name: R, threshold: 20, waypoints: [{id: a, name: Spot A, lat: 0, lon: 0.001}, {id: b, name: Spot B, lat: 0, lon: 0.002}]}}
              - {at: 2026-11-21T09:02, walk: {to: [{lat: 0, lon: 0.003}], speed: 1.4, every: 1}}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()
        return result.timeline.compactMap { entry in
            guard case .delivery(let delivery) = entry else { return nil }
            return (delivery.title, delivery.date.timeIntervalSince(Self.walkStart))
        }
    }

    @Test func regionEntriesReachTheAppTwentySecondsAfterTheCrossing() async throws {
        let deliveries = try await run("regions")
        #expect(deliveries.map(\.title) == ["Spot A", "Spot B", "Route complete!"])
        #expect(deliveries.map(\.seconds) == [86, 165, 165])
    }

    @Test func everyPositionIsHeardAtOnceByDefault() async throws {
        let deliveries = try await run(nil)
        #expect(deliveries.map(\.title) == ["Spot A", "Spot B", "Route complete!"])
        #expect(deliveries.map(\.seconds) == [66, 145, 145])
    }

    @Test func anUnknownWayToHearPositionsIsLocated() {
        let error = parseError(ScenarioFixtures.header + "location_updates: gps\n")
        #expect(error?.description.hasPrefix("test.yaml:4:") == true, "\(String(describing: error))")
        #expect(error?.description.contains("expected positions or regions") == true)
    }
}
