import Foundation
import Herald
@testable import HeraldReport
import HeraldScenario
import HeraldSimulator
import Testing

/// The HTML report's route maps: the SVG's polyline, circles and labels against
/// coordinates worked out by hand for a tiny route, the walk followed again from the
/// timeline, and the bundled route example's map and region table.
struct HTMLRouteMapTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Metres in one degree on Herald's sphere (radius 6,371,008.8 m).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    func at(_ text: String) -> (Date, LocalDateTime) {
        let local = LocalDateTime(parsing: text)!
        return (ZoneConverter.for(Self.berlin).instant(for: local).date, local)
    }

    func event(_ text: String, _ action: ScenarioEvent.Action) -> TimelineEntry {
        let (date, local) = at(text)
        return .event(TimelineEvent(date: date, local: local, action: action))
    }

    func regions(_ text: String, _ names: [String]) -> TimelineEntry {
        let (date, local) = at(text)
        return .regions(TimelineRegions(date: date, local: local, watched: names.map {
            TimelineRegions.Place(identifier: $0, name: $0, kind: .waypoint)
        }, cut: 0))
    }

    /// Each `<tag ...>` of `html` as its attributes, in document order.
    static func elements(_ tag: String, in html: String) -> [[String: String]] {
        html.components(separatedBy: "<\(tag) ").dropFirst().map { rest in
            var attributes: [String: String] = [:]
            var scanner = Substring(rest.prefix { $0 != ">" })
            while let equals = scanner.range(of: "=\"") {
                let name = scanner[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
                let value = scanner[equals.upperBound...].prefix { $0 != "\"" }
                attributes[name] = String(value)
                scanner = scanner[value.endIndex...].dropFirst()
            }
            return attributes
        }
    }

    /// The text of each `<tag>text</tag>` or `<tag ...>text</tag>`, in document order.
    static func texts(_ tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag)").dropFirst().filter { $0.first == ">" || $0.first == " " }.map { rest in
            String(rest.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    /// A route on the equator: A at (0, 0) and B at (0, 0.003), threshold 0.0005° (about
    /// 55.6 m). The device is at (-0.001, -0.002) when it starts, walks to A (reached at
    /// 10:05), then to (0.001, 0.003), more than the threshold from B (0.001° ≈ 111 m):
    /// B is not reached. The route stops at 10:20; a position after it is not its.
    func tinyRouteReport() throws -> HTMLReport {
        var report = HTMLReport(name: "Map", zone: Self.berlin, start: LocalDateTime(parsing: "2026-11-21T09:00")!,
                                end: LocalDateTime(parsing: "2026-11-21T12:00")!, reserve: 10)
        let session = try RouteSession(id: "tiny", name: "Tiny", waypoints: [
            Waypoint(id: "a", name: "Spot A", coordinate: Coordinate(latitude: 0, longitude: 0)),
            Waypoint(id: "b", name: "Spot B", coordinate: Coordinate(latitude: 0, longitude: 0.003)),
        ], proximityThreshold: 0.0005 * Self.metresPerDegree)
        let (reachedDate, reachedLocal) = at("2026-11-21T10:05")
        for entry in [
            event("2026-11-21T09:55", .position(Coordinate(latitude: -0.001, longitude: -0.002))),
            event("2026-11-21T10:00", .startRoute(session)),
            regions("2026-11-21T10:00", ["Spot A", "Spot B"]),
            event("2026-11-21T10:05", .position(Coordinate(latitude: 0, longitude: 0))),
            .routeProgress(TimelineRouteProgress(date: reachedDate, local: reachedLocal, notification: .spot,
                                                 routeID: "tiny", routeName: "Tiny", waypointID: "a",
                                                 waypointName: "Spot A", visited: 1, total: 2)),
            regions("2026-11-21T10:05", ["Spot B"]),
            event("2026-11-21T10:10", .position(Coordinate(latitude: 0.001, longitude: 0.003))),
            event("2026-11-21T10:20", .stopRoute),
            event("2026-11-21T10:30", .position(Coordinate(latitude: 0.5, longitude: 0.5))),
        ] {
            report.record(entry)
        }
        return report
    }

    @Test func theTinyRouteIsDrawnWhereTheProjectionPutsItByHand() throws {
        let html = try tinyRouteReport().render(summary: ScenarioSummary(
            delivered: 0, pending: 0, stillDelivered: 0, appBadge: 0, coverageHorizon: nil, horizonEnd: nil, cuts: 0,
            reconciles: 0))

        // By hand: the middle latitude is 0, so x = longitude and y = latitude in degrees.
        // The box of the track and the circles: x from -0.002 (the start) to 0.0035 (B's
        // circle), y from -0.001 to 0.001. Inside the 440 × 280 of the 480 × 320 map less
        // its 20 margin, the scale is min(440 / 0.0055, 280 / 0.002) = 80,000 per degree;
        // the box is 440 × 160, centred: x = 20 + (lon + 0.002) × 80,000, y = 80 +
        // (0.001 − lat) × 80,000. Start (-0.001, -0.002) → (20, 240); A → (180, 160);
        // (0.001, 0.003) → (420, 80); B → (420, 160); the threshold 0.0005° → r 40.
        let map = try #require(html.range(of: "<svg viewBox=\"0 0 480 320\" role=\"img\" aria-label=\"map of route Tiny\""))
        let svg = html[map.lowerBound...].components(separatedBy: "</svg>")[0]
        let polylines = Self.elements("polyline", in: svg)
        #expect(polylines.map { $0["points"] } == ["20,240 180,160 420,80"])
        let circles = Self.elements("circle", in: svg).filter { $0["data-waypoint"] != nil }
        #expect(circles.map { [$0["data-waypoint"], $0["cx"], $0["cy"], $0["r"], $0["class"]] } == [
            ["a", "180", "160", "40", "waypoint reached"],
            ["b", "420", "160", "40", "waypoint not-reached"],
        ])
        // Labels 4 above each circle: y = 160 − 40 − 4 = 116
        let labels = Self.elements("text", in: svg).filter { $0["class"] == "waypoint-label" }
        #expect(labels.map { [$0["x"], $0["y"]] } == [["180", "116"], ["420", "116"]])
        #expect(Self.texts("text", in: svg).filter { $0.hasPrefix("Spot") } == ["Spot A, 10:05", "Spot B, not reached"])
        let start = Self.elements("circle", in: svg).first { $0["class"] == "track-start" }
        #expect(start?["cx"] == "20" && start?["cy"] == "240")

        // The regions watched while it ran, one row each
        #expect(Self.texts("td", in: html).filter { $0.hasPrefix("watching") } == ["watching 2: Spot A, Spot B", "watching 1: Spot B"])
        #expect(html.contains("1 of 2 reached"))
    }

    @Test func aWalkIsFollowedToWhereItStoodWhenTheRouteStopped() throws {
        // Given a route started at (0, 0) and a walk east to (0, 0.001) at 1 m/s, a
        // position every 10 s, and the route stopped 65 s after the walk began
        var tracks = RouteTracks()
        let session = try RouteSession(id: "r", name: "R", waypoints: [
            Waypoint(id: "far", name: "Far", coordinate: Coordinate(latitude: 0, longitude: 0.01)),
        ], proximityThreshold: 10)
        for entry in [
            event("2026-11-21T10:00", .position(Coordinate(latitude: 0, longitude: 0))),
            event("2026-11-21T10:00", .startRoute(session)),
            event("2026-11-21T10:01", .walk(SimulatedWalk(path: [Coordinate(latitude: 0, longitude: 0.001)],
                                                          speed: 1, interval: 10))),
            event("2026-11-21T10:02:05", .stopRoute),
        ] {
            tracks.record(entry, zone: Self.berlin)
        }
        let route = try #require(tracks.finished(at: at("2026-11-21T12:00").0).first)

        // Then the track ends where the walk's last position before the stop was: 60 s
        // along a 0.001° leg of 0.001 × 111,195 m, on the equator where longitude grows
        // evenly: 60 / 111,195.08 of a degree
        #expect(route.track.count == 2)
        #expect(route.track.first == Coordinate(latitude: 0, longitude: 0))
        let end = try #require(route.track.last)
        #expect(abs(end.latitude) < 1e-12)
        #expect(abs(end.longitude - 60 / Self.metresPerDegree) < 1e-12)
    }

    @Test func aClockSetBackMovesTheRestOfTheWalkWithIt() throws {
        // Given the same walk east from (0, 0) at 1 m/s, a position every 10 s, from
        // 10:01; at 10:01:30 the user sets the clock back to 10:01:00, and the route
        // stops at 10:02:05 on the clock set back
        var tracks = RouteTracks()
        let session = try RouteSession(id: "r", name: "R", waypoints: [
            Waypoint(id: "far", name: "Far", coordinate: Coordinate(latitude: 0, longitude: 0.01)),
        ], proximityThreshold: 10)
        for entry in [
            event("2026-11-21T10:00", .position(Coordinate(latitude: 0, longitude: 0))),
            event("2026-11-21T10:00", .startRoute(session)),
            event("2026-11-21T10:01", .walk(SimulatedWalk(path: [Coordinate(latitude: 0, longitude: 0.001)],
                                                          speed: 1, interval: 10))),
            event("2026-11-21T10:01:30", .clock(LocalDateTime(parsing: "2026-11-21T10:01")!)),
            event("2026-11-21T10:02:05", .stopRoute),
        ] {
            tracks.record(entry, zone: Self.berlin)
        }
        let route = try #require(tracks.finished(at: at("2026-11-21T12:00").0).first)

        // Then the walk went on 30 s later than the clock shows: at the stop it had
        // walked 65 + 30 = 95 s, so its last position was at 90 s: 90 / 111,195.08 of a
        // degree (not 60, as without the clock set back)
        let end = try #require(route.track.last)
        #expect(abs(end.longitude - 90 / Self.metresPerDegree) < 1e-12)
    }

    @Test func aLongRouteIsDrawnWholeAndListedInPart() throws {
        // Given a route of 600 waypoints along the equator, 0.001° apart, and 600 changes
        // of the regions watched while it runs
        var report = HTMLReport(name: "Long", zone: Self.berlin, start: LocalDateTime(parsing: "2026-11-21T09:00")!,
                                end: LocalDateTime(parsing: "2026-11-21T12:00")!, reserve: 10)
        let session = try RouteSession(id: "long", name: "Long", waypoints: (0..<600).map {
            Waypoint(id: "w\($0)", name: "W\($0)", coordinate: Coordinate(latitude: 0, longitude: Double($0) / 1_000))
        }, proximityThreshold: 10)
        report.record(event("2026-11-21T10:00", .startRoute(session)))
        for minute in 0..<600 {
            let local = LocalDateTime(parsing: "2026-11-21T10:00")!
            let (date, _) = at("2026-11-21T10:00")
            report.record(.regions(TimelineRegions(date: date.addingTimeInterval(Double(minute)), local: local,
                                                   watched: [], cut: 0)))
        }
        let html = report.render(summary: ScenarioSummary(
            delivered: 0, pending: 0, stillDelivered: 0, appBadge: 0, coverageHorizon: nil, horizonEnd: nil, cuts: 0,
            reconciles: 0))

        // Then every waypoint is a circle, the first 100 are labelled, the first 500
        // listed, and the first 500 region changes with the other 100 counted
        #expect(Self.elements("circle", in: html).filter { $0["data-waypoint"] != nil }.count == 600)
        #expect(Self.elements("text", in: html).filter { $0["class"] == "waypoint-label" }.count == 100)
        #expect(Self.elements("tr", in: html).filter { $0["data-waypoint"] != nil }.count == 500)
        #expect(html.contains("and 100 more waypoints (0 reached in all)"))
        #expect(Self.elements("tr", in: html).filter { $0["class"] == "regions" }.count == 500)
        #expect(html.contains("and 100 more region changes"))
    }

    @Test func theRouteExampleMapsItsWalkAndWhenEachSpotWasReached() async throws {
        let scenario = try makeExample("route-walk.yaml")
        let result = try await ScenarioRunner(scenario: scenario).run()
        let html = HTMLReport.render(result, reserve: scenario.planner.reserve)

        // By hand from the file: the walk from (52.52, 13.3777) south 0.0037° (411.4 m)
        // to Spot A's point, then east, at 1.4 m/s with a position every 15 s from 15:15.
        // A is within 25 m after 386.4 m, 276 s: the position at 285 s, 15:19:45. The
        // corner is at 293.9 s; B is 0.0015° × cos 52.5163° × 111,195 m = 101.5 m east,
        // within 25 m after 54.6 s: the position 60 s into the leg, 15:20:53.9; C is
        // 203 m east, within 25 m after 127.2 s: 135 s in, 15:22:08.9.
        #expect(Self.texts("text", in: html).filter { $0.hasPrefix("Spot") }
            == ["Spot A, 15:19:45", "Spot B, 15:20:53", "Spot C, 15:22:08"])
        // The track: the start, A's point, the walk's end (52.5163, 13.3822), then the
        // second walk's end at the gym (52.512, 13.39), reached long before the 16:05 stop
        let points = try #require(Self.elements("polyline", in: html).first?["points"]).split(separator: " ")
        #expect(points.count == 4)
        let a = try #require(Self.elements("circle", in: html).first { $0["data-waypoint"] == "a" })
        #expect(points[1] == "\(a["cx"]!),\(a["cy"]!)")                     // the walk passes A's very point
        #expect(points[0].hasPrefix("\(a["cx"]!),"))                        // due north of it
        // The regions watched: the 3 spots and the gym, then one spot fewer at each reach
        #expect(Self.texts("td", in: html).filter { $0.hasPrefix("watching") }.prefix(4).map { $0.prefix(10) }
            == ["watching 4", "watching 3", "watching 2", "watching 1"])
    }
}
