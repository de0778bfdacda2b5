import Foundation
import HeraldTestSupport
import Testing

/// The HTML report opened in a real browser: headless Chromium (Debian's `chromium`,
/// which `.ci/run` installs) parses the page `herald simulate --html` writes, its DOM
/// holds the deliveries the scenario's rules call for, and a screenshot of it is not
/// blank.
///
/// Without Chromium these tests are skipped, saying what to install; with
/// `HERALD_REQUIRE_BROWSER=1` (as `.ci/run` sets) they run and fail instead, so CI never
/// passes by skipping them. `HERALD_CHROMIUM` names the browser's path instead of the
/// PATH lookup (`HERALD_CHROMIUM=/nonexistent` tries the suite without it).
@Suite(.serialized,
       // Read when the tests are planned: skipped, with the reason, when Chromium is
       // missing and not required.
       .enabled(if: OptionalTool.chromium.availability().runsTests, OptionalTool.chromium.skipComment))
struct HTMLReportBrowserTests {
    /// Chromium's executable, or a failure saying it is missing and how to install it.
    static func chromium() throws -> URL {
        try OptionalTool.chromium.require()
    }

    /// Runs headless Chromium on `page` with `arguments`; stops it if it is still running
    /// after ten minutes (a hung browser, not a slow one: the suite shares few cores).
    static func runChromium(_ arguments: [String], page: URL, profile: URL) async throws -> HeraldCommandTests.Execution {
        try await HeraldCommandTests.execute(
            try chromium(),
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
             "--hide-scrollbars"] + arguments + [page.absoluteString],
            timeLimit: .seconds(600))
    }

    func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The deliveries in a DOM: `data-local`, `data-badge` and the title span of each
    /// `li` of kind delivery, in document order.
    static func deliveries(in dom: String) -> [(local: String, badge: String?, title: String, beforeStart: Bool)] {
        let items = dom.components(separatedBy: "<li ").dropFirst().filter { $0.contains("data-kind=\"delivery\"") }
        return items.map { item in
            let tag = String(item.prefix { $0 != ">" })
            func attribute(_ name: String) -> String? {
                guard let range = tag.range(of: "\(name)=\"") else { return nil }
                return String(tag[range.upperBound...].prefix { $0 != "\"" })
            }
            let title = item.range(of: "<span class=\"title\">").map { String(item[$0.upperBound...].prefix { $0 != "<" }) } ?? ""
            return (attribute("data-local") ?? "", attribute("data-badge"), title,
                    attribute("class")?.split(separator: " ").contains("before-start") ?? false)
        }
    }

    @Test func chromiumRendersTheSeed004ReportWithItsDeliveriesAndDrawsIt() async throws {
        // Given the report of the bundled seed 004 example
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("seed-004.html")
        let run = try await HeraldCommandTests().makeExecution(
            ["simulate", "Examples/seed-004-badges.yaml", "--html", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        // Self-contained: nothing to load from anywhere, no scripts
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("<script") && !html.contains("url("))

        // When Chromium loads it and dumps the DOM it built
        let dom = try await Self.runChromium(["--dump-dom"], page: page, profile: directory.appendingPathComponent("profile"))
        #expect(dom.status == 0, "\(dom.stderr)")

        // Then the DOM holds the deliveries the scenario calls for, worked out by hand from
        // the file: yesterday's 09:00 and 09:01 already in the list, then the rule
        // `daily: ["09:00", "09:01", "09:02"]` on Saturday 2026-11-21 (the run lasts one
        // day from 08:00), badged 1, 2, 3 in fire order: yesterday's are stale (seed 004).
        let found = Self.deliveries(in: dom.stdout)
        #expect(found.map(\.local) == ["2026-11-20T09:00", "2026-11-20T09:01",
                                      "2026-11-21T09:00", "2026-11-21T09:01", "2026-11-21T09:02"])
        #expect(found.map(\.beforeStart) == [true, true, false, false, false])
        #expect(found.filter { !$0.beforeStart }.map(\.badge) == ["1", "2", "3"])
        #expect(found.allSatisfy { $0.title == "Meditate" })
        // Each of Saturday's three deliveries opens its story: a details element Chromium
        // parsed as such, closed until clicked, its summary the verdict
        let stories = dom.stdout.components(separatedBy: "<details class=\"story\"").dropFirst()
        #expect(stories.count == 3)
        #expect(stories.allSatisfy { story in
            let element = story.prefix { $0 != "/" }   // up to the summary's end tag
            return element.hasPrefix(" data-verdict=\"delivered\"") && element.contains("<summary>why: delivered<")
                && !element.contains(" open")
        })
        // The chart is SVG in the page, parsed as such, with the capacity line
        #expect(dom.stdout.contains("<svg") && dom.stdout.contains("<path") && dom.stdout.contains("capacity 64"))
        // Three day lanes: the day before (the stale deliveries), the run's two dates
        #expect(dom.stdout.components(separatedBy: "class=\"day\"").count - 1 == 3)

        // And a screenshot of it shows something: many colours, and more than a few
        // pixels that are not the background
        let shot = directory.appendingPathComponent("seed-004.png")
        let screenshot = try await Self.runChromium(["--screenshot=\(shot.path)", "--window-size=1100,1400"], page: page,
                                                    profile: directory.appendingPathComponent("profile"))
        #expect(screenshot.status == 0, "\(screenshot.stderr)")
        let image = try PNGImage(data: Data(contentsOf: shot))
        #expect(image.width == 1100 && image.height == 1400)
        let counts = image.colourCounts()
        let background = counts.values.max() ?? 0
        #expect(counts.count > 50, "the screenshot has \(counts.count) colours")
        #expect(image.width * image.height - background > image.width * image.height / 50,
                "only \(image.width * image.height - background) pixels differ from the background")
    }

    /// The text of each `li` of a kind in a DOM, in document order.
    static func items(of kind: String, in dom: String) -> [String] {
        dom.components(separatedBy: "<li ").dropFirst().filter { $0.contains("data-kind=\"\(kind)\"") }.map { item in
            item.range(of: "<span class=\"text\">").map { String(item[$0.upperBound...].prefix { $0 != "<" }) } ?? ""
        }
    }

    /// The DOM Chromium builds from the HTML report of the equator walk heard through
    /// region entries.
    func equatorWalkDOM() async throws -> HeraldCommandTests.Execution {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("walk.yaml")
        try (ScenarioFixtures.header + "location_updates: regions\n" + ScenarioLocationTimelineTests.yaml)
            .write(to: file, atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("walk.html")
        let run = try await HeraldCommandTests().makeExecution(["simulate", file.path, "--html", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        let dom = try await Self.runChromium(["--dump-dom"], page: page, profile: directory.appendingPathComponent("profile"))
        #expect(dom.status == 0, "\(dom.stderr)")
        return dom
    }

    @Test func chromiumShowsTheRegionEntriesTheWatchedRegionsAndTheWalk() async throws {
        // Given the report of the equator walk heard through region entries
        // (ScenarioLocationTimelineTests works the values out), when Chromium loads it
        // and dumps the DOM it built
        let dom = try await equatorWalkDOM()

        // Then the DOM holds each region entry, each change of the watched regions and
        // each step of the walk, as worked out by hand
        #expect(Self.items(of: "region", in: dom.stdout) == [
            "region entered waypoint &quot;Spot A&quot; (crossed 20 s before)",
            "region entered waypoint &quot;Spot B&quot; (crossed 20 s before)",
        ].map { $0.replacingOccurrences(of: "&quot;", with: "\"") })
        #expect(Self.items(of: "regions", in: dom.stdout) == [
            "regions watching 2: Spot A, Spot B; cut 0", "regions watching 1: Spot B; cut 0", "regions watching 0; cut 0",
        ])
        #expect(Self.items(of: "route-progress", in: dom.stdout) == [
            "walk: spot \"Spot A\" reached, 1 of 2", "walk: spot \"Spot B\" reached, 2 of 2",
            "walk: completion of \"R\": 2 of 2 visited, 111 m in 225 s",
        ])
    }

    @Test func chromiumBuildsTheRouteMapAndItsRegionTable() async throws {
        // Given the report of the equator walk heard through region entries
        // (ScenarioLocationTimelineTests works the values out), when Chromium loads it
        // and dumps the DOM it built
        let dom = try await equatorWalkDOM()

        // Then the map is SVG in the DOM: the track, both waypoints reached, each labelled,
        // and the route's table holds both region entries
        let svg = try #require(dom.stdout.components(separatedBy: "class=\"route-map\"").dropFirst().first)
            .components(separatedBy: "</svg>")[0]
        #expect(HTMLRouteMapTests.elements("polyline", in: svg).count == 1)
        #expect(HTMLRouteMapTests.elements("circle", in: svg).compactMap(\.["class"])
            == ["waypoint reached", "waypoint reached", "track-start"])
        #expect(HTMLRouteMapTests.texts("text", in: svg).map { $0.components(separatedBy: ",")[0] } == ["Spot A", "Spot B"])
        let cells = HTMLRouteMapTests.texts("td", in: dom.stdout)
        #expect(cells.filter { $0.hasPrefix("entered") }.map { $0.replacingOccurrences(of: "&quot;", with: "\"") } == [
            "entered waypoint \"Spot A\" (crossed 20 s before)", "entered waypoint \"Spot B\" (crossed 20 s before)",
        ])
    }

    @Test func aBlankPageIsSeenAsBlank() async throws {
        // Given an empty page (the oracle for the blank check above)
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("blank.html")
        try "<!DOCTYPE html><html><body></body></html>".write(to: page, atomically: true, encoding: .utf8)

        // When Chromium takes its screenshot
        let shot = directory.appendingPathComponent("blank.png")
        let run = try await Self.runChromium(["--screenshot=\(shot.path)", "--window-size=400,300"], page: page,
                                             profile: directory.appendingPathComponent("profile"))
        #expect(run.status == 0, "\(run.stderr)")

        // Then it has one colour: the check would call it blank
        let image = try PNGImage(data: Data(contentsOf: shot))
        #expect(image.colourCounts().count == 1)
    }
}
