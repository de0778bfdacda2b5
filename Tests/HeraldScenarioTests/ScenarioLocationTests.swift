import Foundation
import Herald
import HeraldScenario
import Testing

/// Positions, walks, routes and location rules in scenario files: the route-walk example
/// plays seed 001's walk (three spots, one completion after the last, nothing more
/// when the walk goes on) and seed 004's location reminder (delivered 20 s after the
/// entry, removed on completion); bad values are located.
struct ScenarioLocationTests {
    @Test func theRouteWalkExampleSendsEachSpotOnceAndOneCompletionLast() async throws {
        let result = try await ScenarioRunner(scenario: makeExample("route-walk.yaml")).run()
        let deliveries = result.timeline.compactMap { entry -> TimelineDelivery? in
            if case .delivery(let delivery) = entry { delivery } else { nil }
        }
        #expect(deliveries.map(\.title) == ["Spot A", "Spot B", "Spot C", "Route complete!", "Workout"])
        #expect(deliveries[3].body == "You visited all 3 spots of Mitte. Tap for your summary.")
        // The gym's region (80 m round 52.5120, 13.3900) is entered on the second walk;
        // its reminder fires 20 s after the first position inside.
        let notes = result.timeline.compactMap { entry -> String? in
            if case .event(let event) = entry { event.note } else { nil }
        }
        #expect(notes.contains { $0.contains("route complete (3/3)") })
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.appBadge == 0)
        // Tomorrow's gym reminder is armed; the plan counts it.
        #expect(result.summary.pending == 1 && result.reconciles.last?.planned == 1)
    }

    @Test func aRouteStartedWhileTheAppIsNotRunningIsRefusedAtItsLine() async throws {
        let scenario = try makeScenario(body: """
            days: 1
            app: not-running
            events:
              - {at: 2026-11-21T09:00, route: {id: r, waypoints: [{id: a, lat: 0, lon: 0}]}}
            """)
        let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
        #expect(error?.description.contains("test.yaml:7:") == true)
        #expect(error?.description.contains("cannot start a route") == true)
    }

    @Test(arguments: [
        ("  - {at: 2026-11-21T09:00, position: {lat: 95, lon: 0}}", "out of range for a latitude"),
        ("  - {at: 2026-11-21T09:00, position: {lat: 1}}", "lon"),
        ("  - {at: 2026-11-21T09:00, walk: {to: [{lat: 0, lon: 0}], speed: 0}}", "out of range for a speed"),
        ("  - {at: 2026-11-21T09:00, route: {id: r, waypoints: [{id: a, lat: 0, lon: 0}, {id: a, lat: 1, lon: 1}]}}",
         "used twice"),
        ("  - {at: 2026-11-21T09:00, route: {id: r, waypoints: []}}", "no waypoints"),
        ("  - {at: 2026-11-21T09:00, stop_route: now}", "stop_route"),
    ])
    func badLocationEventsAreLocated(_ line: String, _ message: String) throws {
        let error = try #require(parseError(ScenarioFixtures.header + "days: 1\nevents:\n" + line))
        #expect(error.description.hasPrefix("test.yaml:6:"), "\(error)")
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func aLocationRuleParsesIntoALocationReminder() throws {
        let scenario = try makeScenario(body: """
            entities:
              - id: gym
                title: Gym
                rules:
                  - {id: arrive, arrive: {lat: 52.52, lon: 13.405, radius: 150, repeats: true}}
                  - {id: go-home, leave: {lat: 52.52, lon: 13.405}}
            """)
        let rules = try scenario.entities[0].rules.map { try $0.reminderRule(for: EntityReference(namespace: "habit", id: "gym")) }
        #expect(rules[0].location == LocationTrigger(region: LocationRegion(
            identifier: "arrive", latitude: 52.52, longitude: 13.405, radius: 150, notifyOnEntry: true, notifyOnExit: false),
            repeats: true))
        #expect(rules[1].location?.region.notifyOnExit == true && rules[1].location?.region.radius == 100)
        let both = parseError(ScenarioFixtures.header + """
            entities:
              - id: gym
                title: Gym
                rules:
                  - {id: x, daily: ["09:00"], arrive: {lat: 1, lon: 1}}
            """)
        #expect(both?.description.contains("one trigger") == true)
    }
}
