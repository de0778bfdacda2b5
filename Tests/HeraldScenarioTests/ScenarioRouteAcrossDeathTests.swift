import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

/// Seed 001's promise, "the completion notification fires exactly once, even if the app
/// is killed mid-route", when the process is gone while the user walks on.
///
/// The route is the one of the reproducer: A at 52.5190, B at 52.5170 (13.3777 E), a
/// 30 m threshold. 0.001° of latitude is D = 111.195 m. The first walk (from 52.5200 at
/// 15:11, 1.4 m/s, a position every 10 s) enters A's region at 81.195 m (58.0 s), first
/// seen at 15:12:00; the second (from A at 15:16) enters B's at 2D − 30 m = 192.39 m
/// (137.4 s), first seen at 15:18:20. In `regions` mode the system reports each entry
/// 20 s later: A at 15:12:20, B at 15:18:40.
@Suite struct ScenarioRouteAcrossDeathTests {
    static func scenario(updates: String, death: String, relaunch: String? = nil, launchAt: String = "15:30") throws -> Scenario {
        try Scenario(yaml: """
            name: region crossed while the app is dead
            zone: Europe/Berlin
            start: 2026-11-21T15:00
            app: background
            location_updates: \(updates)
            \(relaunch.map { "force_quit_relaunch: \($0)" } ?? "")
            events:
              - {at: 2026-11-21T15:05, position: {lat: 52.5200, lon: 13.3777}}
              - at: 2026-11-21T15:10
                route: {id: r, name: R, threshold: 30, waypoints: [{id: a, name: A, lat: 52.5190, lon: 13.3777}, {id: b, name: B, lat: 52.5170, lon: 13.3777}]}
              - {at: 2026-11-21T15:11, walk: {to: [{lat: 52.5190, lon: 13.3777}], speed: 1.4, every: 10}}
              - {at: 2026-11-21T15:15, \(death)}
              - {at: 2026-11-21T15:16, walk: {to: [{lat: 52.5160, lon: 13.3777}], speed: 1.4, every: 10}}
              - {at: 2026-11-21T\(launchAt), launch}
            """, file: "route.yaml")
    }

    /// `Title HH:mm:ss` of each delivery.
    static func deliveries(_ result: ScenarioResult) -> [String] {
        result.deliveries.map { "\($0.title) \($0.local.time)" }
    }

    /// The reproducer: the system relaunches the app for B's entry; B and the completion
    /// are notified once each, and the `launch` at 15:30 brings the running app forward.
    @Test(arguments: ["crash", "terminate"])
    func inRegionsModeTheCrossingRelaunchesTheAppAndTheRouteCompletesOnce(_ death: String) async throws {
        let result = try await ScenarioRunner(scenario: Self.scenario(updates: "regions", death: death)).run()

        #expect(Self.deliveries(result) == ["A 15:12:20", "B 15:18:40", "Route complete! 15:18:40"])
        #expect(result.lifecycle.filter { if case .launched = $0.change { true } else { false } }
            .map { "\($0.change) \($0.local.time)" } == ["launched into the background 15:00",
                                                          "launched into the background 15:18:40"])
        let entry = result.timeline.compactMap { if case .region(let region) = $0 { region } else { nil } }.last
        #expect(entry?.note == "the system launched the app for it")
        #expect(result.summary.delivered == 3)
    }

    /// After a force-quit the system does not relaunch the app by default: B's entry is
    /// lost, the device is 111 m past B when the user opens the app, and the route stays
    /// one short. With `force_quit_relaunch: regions` it goes as after a crash.
    @Test func afterAForceQuitTheCrossingIsLostUnlessRegionsRelaunchIt() async throws {
        let strict = try await ScenarioRunner(scenario: Self.scenario(updates: "regions", death: "force_quit")).run()
        #expect(Self.deliveries(strict) == ["A 15:12:20"])
        let lost = strict.timeline.compactMap { if case .region(let region) = $0 { region } else { nil } }.last
        #expect(lost?.note == "the user force-quit the app: the system does not launch it")
        #expect(strict.lifecycle.contains { $0.change == .forceQuit && $0.local.time == LocalTime(hour: 15, minute: 15) })

        let lenient = try await ScenarioRunner(scenario: Self.scenario(updates: "regions", death: "force_quit",
                                                                       relaunch: "regions")).run()
        #expect(Self.deliveries(lenient) == ["A 15:12:20", "B 15:18:40", "Route complete! 15:18:40"])
    }

    /// With every position heard, nothing relaunches the app: relaunched by the user at
    /// 15:17, before B (first seen at 15:18:20, no platform delay), the app hears B and
    /// completes the route once, with no second spot A.
    @Test(arguments: ["crash", "terminate", "force_quit"])
    func inPositionsModeARelaunchBeforeTheLastSpotCompletesOnce(_ death: String) async throws {
        let scenario = try Self.scenario(updates: "positions", death: death, launchAt: "15:17")
        let result = try await ScenarioRunner(scenario: scenario).run()

        #expect(Self.deliveries(result) == ["A 15:12", "B 15:18:20", "Route complete! 15:18:20"])
    }

    /// A `crash` at 15:12 inside one walk from 15:10 (52.5200 to 52.5160, 444.78 m, to
    /// 15:15:18) happens at 15:12, between the walk's positions, not at its end. A is
    /// first within 30 m at 81.195 m (58.0 s), seen at 15:11:00; B at 333.585 − 30 =
    /// 303.585 m (216.8 s), seen at 15:13:40, after the crash. Hearing positions, the dead
    /// app misses B, and at 15:20 the device is 111 m past it. In `regions` mode the
    /// entry into B (reported 15:14:00) relaunches the app: B and the completion then.
    @Test(arguments: ["positions", "regions"])
    func aCrashInsideAWalkHappensAtItsOwnTime(_ updates: String) async throws {
        let scenario = try Scenario(yaml: """
            name: crash inside a walk
            zone: Europe/Berlin
            start: 2026-11-21T15:00
            app: foreground
            location_updates: \(updates)
            events:
              - {at: 2026-11-21T15:05, position: {lat: 52.5200, lon: 13.3777}}
              - at: 2026-11-21T15:10
                route: {id: r, name: R, threshold: 30, waypoints: [{id: a, name: A, lat: 52.5190, lon: 13.3777}, {id: b, name: B, lat: 52.5170, lon: 13.3777}]}
              - {at: 2026-11-21T15:10, walk: {to: [{lat: 52.5160, lon: 13.3777}], speed: 1.4, every: 10}}
              - {at: 2026-11-21T15:12, crash}
              - {at: 2026-11-21T15:20, launch}
            """, file: "walk.yaml")
        let result = try await ScenarioRunner(scenario: scenario).run()

        let crash = result.lifecycle.first { $0.change == .crashed }
        #expect(crash?.local.time == LocalTime(hour: 15, minute: 12))
        #expect(Self.deliveries(result) == (updates == "positions"
            ? ["A 15:11"]
            : ["A 15:11:20", "B 15:14", "Route complete! 15:14"]))
    }
}
