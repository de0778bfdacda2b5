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
        let steps = result.timeline.compactMap { entry -> TimelineRouteProgress? in
            if case .routeProgress(let step) = entry { step } else { nil }
        }
        #expect(steps.map { "\($0.notification) \($0.waypointID ?? "") \($0.visited)/\($0.total)" }
            == ["spot a 1/3", "spot b 2/3", "spot c 3/3", "completion  3/3"])
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.appBadge == 0)
        // Tomorrow's gym reminder is armed; the plan counts it.
        #expect(result.summary.pending == 1 && result.reconciles.last?.planned == 1)
    }

    /// Seed 001 badges the completion; Herald counts it as outstanding until it is
    /// opened. By hand: the 15:01 water reminder is delivered with 1 and left undone;
    /// the spots carry no badge; the completion (walk of the route-walk example) carries
    /// 1 + itself = 2; tapping it leaves the water reminder, 1; at 18:00 the second water
    /// reminder is the 15:01 one + itself = 2. Without the tap, 18:00 would carry 3.
    @Test(arguments: [true, false])
    func theCompletionCountsInTheBadgeUntilItIsOpened(_ tapped: Bool) async throws {
        let scenario = try makeScenario(body: """
            days: 1
            app: foreground
            entities:
              - id: water
                title: Water
                rules:
                  - {id: r, daily: ["15:01", "18:00"]}
            events:
              - {at: 2026-11-21T15:05, position: {lat: 52.5200, lon: 13.3777}}
              - {at: 2026-11-21T15:10, route: {id: mitte, name: Mitte, threshold: 25, waypoints: [{id: a, name: Spot A, lat: 52.5163, lon: 13.3777}, {id: b, name: Spot B, lat: 52.5163, lon: 13.3792}, {id: c, name: Spot C, lat: 52.5163, lon: 13.3807}]}}
              - {at: 2026-11-21T15:15, walk: {to: [{lat: 52.5163, lon: 13.3777}, {lat: 52.5163, lon: 13.3822}], speed: 1.4, every: 15}}
            """ + (tapped ? "\n  - {at: 2026-11-21T15:30, tap: \"herald:event:route:mitte:completion:s1795270200000\"}\n" : ""))
        let result = try await ScenarioRunner(scenario: scenario).run()
        let badges = result.deliveries.filter { $0.local.date == LocalDate(year: 2026, month: 11, day: 21) }
            .map { "\($0.title) \($0.badge.map(String.init) ?? "-")" }
        #expect(badges == ["Water 1", "Spot A -", "Spot B -", "Spot C -", "Route complete! 2", "Water \(tapped ? 2 : 3)"])
        if tapped {
            let route = try #require(result.routes.first)
            #expect(route.destination == .ready && route.title == "Mitte" && route.badge == 1)
        }
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
