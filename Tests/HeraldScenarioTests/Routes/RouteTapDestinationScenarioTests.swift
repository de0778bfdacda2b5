import Foundation
import Herald
@testable import HeraldReport
import HeraldScenario
import Testing

/// Where a tap on a route notification leads, on the timeline: the completion opens the
/// route's summary, a spot the map at that spot, in text, JSON (`opens`) and the HTML
/// report; a reminder's response reads as before. Waypoints and times are those of
/// ``RouteScenario``: A at 10:01, B (which completes the route) at 10:02.
struct RouteTapDestinationScenarioTests {
    static let walkAndTaps = """
          - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
          - {at: 2026-11-21T10:02, position: {lat: 0, lon: 0.001}}
          - {at: 2026-11-21T10:03, tap: route/r/completion}
          - {at: 2026-11-21T10:04, tap: {route: r, waypoint: a}}
          - {at: 2026-11-21T10:05, dismiss: {route: r, waypoint: b}}
        """

    @Test func theCompletionOpensTheSummaryAndASpotTheMapAtIt() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + Self.walkAndTaps)

        let route = RouteScenario.lines(result).filter { $0.hasPrefix("route ") }
        // The completion's response settles the badge: its badge of 1 is gone once opened.
        #expect(route == [
            "route      summary \"R\" (tap), app badge 0",
            "route      map at spot \"A\" of \"R\" (tap), app badge 0",
        ])
        let name = TimelineRoute.RouteScreen.Name.init
        #expect(result.routes.map(\.routeScreen) == [
            .summary(route: name("r", "R")), .map(route: name("r", "R"), waypoint: name("a", "A")),
        ])
    }

    @Test func theJSONLineSaysWhichScreenItOpens() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + Self.walkAndTaps)

        let lines = result.jsonLines().split(separator: "\n").filter { $0.contains("\"type\":\"route\"") }
        let opens = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["opens"] as? [String: String])
        }
        #expect(opens == [
            ["screen": "summary", "route": "r", "route_name": "R"],
            ["screen": "map", "route": "r", "route_name": "R", "waypoint": "a", "waypoint_name": "A"],
        ])
    }

    @Test func theHTMLReportShowsTheSameWords() async throws {
        let result = try await RouteScenario.play(RouteScenario.start() + Self.walkAndTaps)

        var report = HTMLReport(name: result.name, zone: result.zone, start: result.start, end: result.end, reserve: 10)
        for entry in result.timeline { report.record(entry) }
        let routes = report.days.flatMap(\.items).filter { $0.kind == .route }.map(\.text)
        #expect(routes == ["route summary \"R\" (tap), app badge 0", "route map at spot \"A\" of \"R\" (tap), app badge 0"])
    }

    /// Played in two parts over one store: day 1 walks the route, day 2 stops it and
    /// taps the completion (still in the list). The second part's app never started the
    /// route and Herald has none in progress: the summary is named from the route's name
    /// the app kept ("R", not the id "r").
    @Test func aResumedRunNamesTheRouteFromWhatTheAppKept() async throws {
        let text = RouteScenario.header.replacingOccurrences(of: "app: foreground", with: "app: foreground\ndays: 2")
            + RouteScenario.start() + """
              - {at: 2026-11-21T10:01, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T10:02, position: {lat: 0, lon: 0.001}}
              - {at: 2026-11-22T10:00, stop_route}
              - {at: 2026-11-22T10:01, tap: route/r}
            """
        let session = ScenarioSession(file: try ScenarioFile(text: text, file: "route.yaml"), store: InMemoryEngineStore(),
                                      location: "state.sqlite")
        let first = try await session.play(days: 1)
        let second = try await session.play(days: 1)

        #expect(first.routes.isEmpty)
        #expect(RouteScenario.lines(second).filter { $0.hasPrefix("route ") } == ["route      summary \"R\" (tap), app badge 0"])
    }

    /// A reminder's tap is routed as it always was: `ready "Title"`, no screen.
    @Test func aReminderReadsAsBefore() async throws {
        let result = try await ScenarioRunner(scenario: try Scenario(yaml: """
            name: Reminder
            zone: UTC
            start: 2026-11-21T08:00
            app: foreground
            entities:
              - {id: read, title: Read, rules: [{id: r, daily: ["09:00"]}]}
            events:
              - {at: 2026-11-21T09:01, tap: read}
            """, file: "reminder.yaml")).run()

        #expect(RouteScenario.lines(result).filter { $0.hasPrefix("route ") } == ["route      ready \"Read\" (tap), app badge 0"])
        #expect(result.routes.first?.routeScreen == nil)
        #expect(!result.jsonLines().contains("\"opens\""))
    }
}
