import Foundation
import Herald
import HeraldReport
import HeraldScenario

/// Small route scenarios on the equator in UTC, from 2026-11-21 10:00, the app in the
/// foreground: the route `r` ("R") has the waypoints `a` ("A") at 0°, 0° and `b` ("B")
/// at 0°, 0.001° (R·π/180·0.001 = 111.195 m apart), a threshold of 20 m, and starts at
/// 10:00, so its session key is `s1795255200000` (2026-11-21T10:00Z in milliseconds).
enum RouteScenario {
    static let header = """
        name: Routes
        zone: UTC
        start: 2026-11-21T10:00
        app: foreground
        events:

        """

    /// The `route:` event at 10:00 (line 6 of the file), with `extra` keys inside it.
    static func start(_ extra: String = "") -> String {
        "  - {at: 2026-11-21T10:00, route: {id: r, name: R, threshold: 20\(extra), waypoints: "
            + "[{id: a, name: A, lat: 0, lon: 0}, {id: b, name: B, lat: 0, lon: 0.001}]}}\n"
    }

    static let spotA = "herald:event:route:r:arrived:s1795255200000.a"
    static let spotB = "herald:event:route:r:arrived:s1795255200000.b"
    static let completion = "herald:event:route:r:completion:s1795255200000"

    static func scenario(_ events: String) throws(ScenarioError) -> Scenario {
        try Scenario(yaml: header + events, file: "route.yaml")
    }

    /// The error parsing the events gives, or `nil` when they parse.
    static func parseError(_ events: String) -> ScenarioError? {
        do {
            _ = try scenario(events)
            return nil
        } catch {
            return error
        }
    }

    static func play(_ events: String) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try scenario(events)).run()
    }

    /// The timeline's text lines without their local time: `event      tap ...`.
    static func lines(_ result: ScenarioResult) -> [String] {
        result.timelineText().split(separator: "\n").compactMap { line in
            guard let range = line.range(of: " GMT  ") else { return nil }
            return String(line[range.upperBound...])
        }
    }
}
