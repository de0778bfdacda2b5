import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The timeline's typed location entries (region entries, the regions watched and cut,
/// the route's spots and completion) in text and JSON Lines, against values worked out
/// by hand. Two waypoints on the equator, 0.001° and 0.002° of longitude east
/// (R·π/180·0.001 = 111.195 m apart on the mean radius), a 20 m threshold, the route
/// started at 09:01 Berlin (08:01 UTC, session key s1795248060000), a walk at 1.4 m/s
/// sampled every second from 09:02: inside a from ⌈(111.195 − 20) / 1.4⌉ = 66 s
/// (09:03:06), inside b from ⌈(222.39 − 20) / 1.4⌉ = 145 s (09:04:25). With
/// `location_updates: regions` each entry reaches the app 20 s later (09:03:26,
/// 09:04:45). The completion: 111.2 m along the waypoints, 205 s (positions) or 225 s
/// (regions) after the start.
struct ScenarioLocationTimelineTests {
    static let key = "s1795248060000"

    static let yaml = """
        days: 1
        app: foreground
        events:
          - {at: 2026-11-21T09:00, position: {lat: 0, lon: 0}}
          - {at: 2026-11-21T09:01, route: {id: r, name: R, threshold: 20, waypoints: [{id: a, name: Spot A, lat: 0, lon: 0.001}, {id: b, name: Spot B, lat: 0, lon: 0.002}]}}
          - {at: 2026-11-21T09:02, walk: {to: [{lat: 0, lon: 0.003}], speed: 1.4, every: 1}}
        """

    func run(_ mode: String) async throws -> ScenarioResult {
        let scenario = try makeScenario(body: "location_updates: \(mode)\n" + Self.yaml)
        return try await ScenarioRunner(scenario: scenario).run()
    }

    /// `2026-11-21 09:03:06 CET` as Foundation writes Berlin's winter abbreviation here.
    static func when(_ time: String) -> String {
        let winter = Date(timeIntervalSince1970: 1_795_248_000)
        return "2026-11-21 \(time) \(TimeZone(identifier: "Europe/Berlin")!.abbreviation(for: winter) ?? "GMT+1")"
    }

    /// The text's lines of the location entries, each run of padding cut to two spaces.
    static func locationLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.contains("  region ") || $0.contains("  regions ") || $0.contains("  walk ")
        }.map { $0.replacingOccurrences(of: "   +", with: "  ", options: .regularExpression) }
    }

    /// Lines as ``locationLines(_:)`` leaves them: time, label and text two spaces apart.
    static func expected(_ rows: [(String, String, String)]) -> [String] {
        rows.map { "\(when($0.0))  \($0.1)  \($0.2)" }
    }

    static func spot(_ id: String) -> String { "herald:event:route:r:arrived:\(key).\(id)" }

    /// The JSON lines of one type.
    static func jsonLines(_ result: ScenarioResult, type: String) -> [String] {
        result.jsonLines().split(separator: "\n").map(String.init).filter { $0.contains("\"type\":\"\(type)\"") }
    }

    @Test func positionsGiveTheSpotsTheCompletionAndTheWatchedRegions() async throws {
        let result = try await run("positions")
        #expect(Self.locationLines(result.text()) == Self.expected([
            ("09:01", "regions", "watching 2: Spot A, Spot B; cut 0"),
            ("09:03:06", "walk", "spot \"Spot A\" reached, 1 of 2"),
            ("09:03:06", "regions", "watching 1: Spot B; cut 0"),
            ("09:04:25", "walk", "spot \"Spot B\" reached, 2 of 2"),
            ("09:04:25", "walk", "completion of \"R\": 2 of 2 visited, 111 m in 205 s"),
            ("09:04:25", "regions", "watching 0; cut 0"),
        ]))
        #expect(Self.jsonLines(result, type: "route_progress") == [
            #"{"description":"spot \"Spot A\" reached, 1 of 2","local":"2026-11-21T09:03:06","route":{"id":"r","name":"R","notification":"spot","sent":true,"total":2,"visited":1,"waypoint":"a","waypoint_name":"Spot A"},"type":"route_progress","utc":"2026-11-21T08:03:06Z"}"#,
            #"{"description":"spot \"Spot B\" reached, 2 of 2","local":"2026-11-21T09:04:25","route":{"id":"r","name":"R","notification":"spot","sent":true,"total":2,"visited":2,"waypoint":"b","waypoint_name":"Spot B"},"type":"route_progress","utc":"2026-11-21T08:04:25Z"}"#,
            #"{"description":"completion of \"R\": 2 of 2 visited, 111 m in 205 s","local":"2026-11-21T09:04:25","route":{"distance":111.2,"duration":205,"id":"r","name":"R","notification":"completion","sent":true,"total":2,"visited":2},"type":"route_progress","utc":"2026-11-21T08:04:25Z"}"#,
        ])
        #expect(Self.jsonLines(result, type: "regions").first ==
            #"{"description":"watching 2: Spot A, Spot B; cut 0","local":"2026-11-21T09:01","regions":{"cut":0,"watched":[{"id":"\#(Self.spot("a"))","name":"Spot A","place":"waypoint"},{"id":"\#(Self.spot("b"))","name":"Spot B","place":"waypoint"}]},"type":"regions","utc":"2026-11-21T08:01:00Z"}"#)
        // The app hears positions: no region entries.
        #expect(Self.jsonLines(result, type: "region").isEmpty)
    }

    @Test func regionsGiveTheEntriesTwentySecondsAfterTheCrossing() async throws {
        let result = try await run("regions")
        #expect(Self.locationLines(result.text()) == Self.expected([
            ("09:01", "regions", "watching 2: Spot A, Spot B; cut 0"),
            ("09:03:26", "region", "entered waypoint \"Spot A\" (crossed 20 s before)  \(Self.spot("a"))"),
            ("09:03:26", "walk", "spot \"Spot A\" reached, 1 of 2"),
            ("09:03:26", "regions", "watching 1: Spot B; cut 0"),
            ("09:04:45", "region", "entered waypoint \"Spot B\" (crossed 20 s before)  \(Self.spot("b"))"),
            ("09:04:45", "walk", "spot \"Spot B\" reached, 2 of 2"),
            ("09:04:45", "walk", "completion of \"R\": 2 of 2 visited, 111 m in 225 s"),
            ("09:04:45", "regions", "watching 0; cut 0"),
        ]))
        #expect(Self.jsonLines(result, type: "region") == [
            #"{"crossed_utc":"2026-11-21T08:03:06Z","description":"entered waypoint \"Spot A\" (crossed 20 s before)","local":"2026-11-21T09:03:26","region":{"id":"\#(Self.spot("a"))","kind":"entered","name":"Spot A","place":"waypoint"},"type":"region","utc":"2026-11-21T08:03:26Z"}"#,
            #"{"crossed_utc":"2026-11-21T08:04:25Z","description":"entered waypoint \"Spot B\" (crossed 20 s before)","local":"2026-11-21T09:04:45","region":{"id":"\#(Self.spot("b"))","kind":"entered","name":"Spot B","place":"waypoint"},"type":"region","utc":"2026-11-21T08:04:45Z"}"#,
        ])
        #expect(Self.jsonLines(result, type: "regions").last ==
            #"{"description":"watching 0; cut 0","local":"2026-11-21T09:04:45","regions":{"cut":0,"watched":[]},"type":"regions","utc":"2026-11-21T08:04:45Z"}"#)
    }

    /// More places than the platform's 20: the route's 21 waypoints take the 20 nearest
    /// regions (waypoints first, then by distance from 0°, 0°: 0.001° … 0.020° east) and
    /// the farthest waypoint and the gym's location reminder are cut: 2, counted, not
    /// named (the engine's plan still lists them by identifier: `herald:event:…` before
    /// `herald:location:…`). At midnight the reminder is armed for the new day under a
    /// new identifier: the plan cuts another place, but as many, and watches the same,
    /// so the line is not repeated.
    @Test func theBudgetSaysWhatItCuts() async throws {
        let waypoints = (1...21).map { "{id: w\($0), lat: 0, lon: \(Double($0) / 1000)}" }.joined(separator: ", ")
        let scenario = try makeScenario(body: """
            days: 1
            app: foreground
            entities:
              - id: gym
                title: Gym
                rules:
                  - {id: arrive, arrive: {lat: 1, lon: 1}}
            events:
              - {at: 2026-11-21T09:00, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T09:01, route: {id: r, threshold: 20, waypoints: [\(waypoints)]}}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()
        let regions = result.timeline.compactMap { entry -> TimelineRegions? in
            if case .regions(let regions) = entry { regions } else { nil }
        }
        #expect(regions.map(\.watched.count) == [1, 20])
        #expect(regions.map(\.local.description) == ["2026-11-21T08:00", "2026-11-21T09:01"])
        #expect(regions.last?.watched.map(\.name) == (1...20).map { "w\($0)" })
        #expect(regions.map(\.cut) == [0, 2])
        #expect(regions.last?.text == "watching 20: " + (1...20).map { "w\($0)" }.joined(separator: ", ") + "; cut 2")
    }
}
