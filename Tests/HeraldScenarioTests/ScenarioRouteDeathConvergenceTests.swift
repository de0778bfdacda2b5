import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

/// A route walked in `regions` mode converges on the uninterrupted walk whenever the
/// app dies: killed (`crash`), ended by the system (`terminate`) or swiped away
/// (`force_quit`, under `force_quit_relaunch: regions`), at every 20 s of the walk, and
/// opened again by the user a minute later. The system relaunches it for each crossing
/// it would have missed, so every spot and the completion arrive once each, at the
/// uninterrupted walk's instants. Under the default `force_quit_relaunch: never` a
/// force-quit loses the crossings until the user opens the app, and nothing is ever
/// notified twice.
///
/// The route: four waypoints 0.001° of latitude (111.195 m) apart going south from
/// 52.5190 N 13.3777 E, threshold 30 m; the walk starts 111 m north of the first at
/// 15:11, 1.4 m/s, a position every 10 s, and ends 111 m past the last at 15:17:37.
@Suite struct ScenarioRouteDeathConvergenceTests {
    static let deathInstants: [String] = (0..<20).map { step in
        let seconds = 11 * 60 + 20 * step   // from 15:11:00, every 20 s to 15:17:20
        return String(format: "2026-11-21T15:%02d:%02d", seconds / 60, seconds % 60)
    }

    static func scenario(death: String?, at instant: String?, relaunch: String = "regions") throws -> Scenario {
        let waypoints = (0..<4).map { index in
            "{id: w\(index), name: W\(index), lat: \(String(format: "%.4f", 52.5190 - 0.001 * Double(index))), lon: 13.3777}"
        }.joined(separator: ", ")
        var events = """
              - {at: 2026-11-21T15:05, position: {lat: 52.5200, lon: 13.3777}}
              - {at: 2026-11-21T15:10, route: {id: r, name: R, threshold: 30, waypoints: [\(waypoints)]}}
              - {at: 2026-11-21T15:11, walk: {to: [{lat: 52.5150, lon: 13.3777}], speed: 1.4, every: 10}}

            """
        if let death, let instant {
            events += "  - {at: \(instant), \(death)}\n"
            events += "  - {at: \(Self.minuteLater(instant)), launch}\n"
        }
        return try Scenario(yaml: """
            name: route across a death
            zone: Europe/Berlin
            start: 2026-11-21T15:00
            app: background
            location_updates: regions
            force_quit_relaunch: \(relaunch)
            events:

            """ + events, file: "route.yaml")
    }

    /// `2026-11-21T15:mm:ss` one minute later.
    static func minuteLater(_ instant: String) -> String {
        let minute = Int(instant.dropFirst(14).prefix(2))! + 1
        return String(instant.prefix(14)) + String(format: "%02d", minute) + String(instant.dropFirst(16))
    }

    /// The route's notifications, `identifier at HH:mm:ss`.
    static func routeNotifications(_ result: ScenarioResult) -> [String] {
        result.deliveries.filter { $0.identifier.hasPrefix("herald:event:route:") }
            .map { "\($0.identifier) at \($0.local.time)" }
    }

    @Test(arguments: ["crash", "terminate", "force_quit"])
    func everyDeathConvergesOnTheUninterruptedWalk(_ death: String) async throws {
        // Given the uninterrupted walk: four spots and the completion, the last two together
        let reference = Self.routeNotifications(try await ScenarioRunner(scenario: Self.scenario(death: nil, at: nil)).run())
        #expect(reference.count == 5)
        #expect(reference.filter { $0.contains(":completion:") }.count == 1)

        for instant in Self.deathInstants {
            let result = try await ScenarioRunner(scenario: Self.scenario(death: death, at: instant)).run()
            #expect(Self.routeNotifications(result) == reference, "\(death) at \(instant)")
        }
    }

    @Test func underTheStricterReadingAForceQuitLosesCrossingsButNeverNotifiesTwice() async throws {
        let reference = Self.routeNotifications(try await ScenarioRunner(scenario: Self.scenario(death: nil, at: nil)).run())
        var lostSome = false
        for instant in Self.deathInstants {
            let scenario = try Self.scenario(death: "force_quit", at: instant, relaunch: "never")
            let notified = Self.routeNotifications(try await ScenarioRunner(scenario: scenario).run())
            #expect(Set(notified).count == notified.count, "force_quit at \(instant): notified twice")
            #expect(Set(notified).isSubset(of: Set(reference)), "force_quit at \(instant): \(notified)")
            if notified.count < reference.count { lostSome = true }
        }
        // A force-quit one waypoint before the end loses that waypoint's entry for good.
        #expect(lostSome)
    }
}
