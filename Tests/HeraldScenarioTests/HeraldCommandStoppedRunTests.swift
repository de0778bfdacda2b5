import Foundation
import Testing

/// An event that cannot happen: `herald simulate` prints the timeline up to it, then the
/// located error, so the reader sees where the run stopped.
struct HeraldCommandStoppedRunTests {
    /// The 09:00 reminder is delivered, the habit completed at 09:30 (which clears it
    /// from the list), then a tap at 09:40 finds nothing to tap.
    static let scenario = """
        name: Early tap
        zone: Europe/Berlin
        start: 2026-11-21T08:00
        entities:
          - id: s
            title: S
            rules:
              - {id: r, daily: ["09:00"]}
        events:
          - {at: 2026-11-21T09:30, complete: s}
          - {at: 2026-11-21T09:40, tap: s}
        """

    func makeScenarioFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-stopped-\(UUID().uuidString).yaml")
        try Self.scenario.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `2026-11-21 09:00 CET` as Foundation writes Berlin's winter abbreviation here.
    func berlin(_ time: String) -> String {
        let winter = Date(timeIntervalSince1970: 1_795_244_400)  // 2026-11-21T07:00:00Z
        return "2026-11-21 \(time) \(TimeZone(identifier: "Europe/Berlin")!.abbreviation(for: winter) ?? "GMT+1")"
    }

    @Test func theTextTimelineUpToTheEventComesBeforeTheError() async throws {
        let file = try makeScenarioFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["simulate", file.path])

        // Then, worked out by hand: the launch plans 14 days of 09:00 (14 requests), 09:00
        // is delivered with badge 1, the completion re-plans (tomorrow's 09:00 replaces
        // the gap: +1, 13 kept) and clears it; no summary, since the run did not end
        #expect(run.status == 65)
        let when = berlin("08:00").count
        func at(_ time: String) -> String { berlin(time).padding(toLength: when, withPad: " ", startingAt: 0) }
        #expect(run.stdout == """
            Early tap — Europe/Berlin, 2026-11-21T08:00 to 2026-11-22T08:00

            \(at("08:00"))  app        launched into the background
            \(at("08:00"))  reconcile  launch: +14 -0 =0, planned 14, app badge set to 0
            \(at("08:00"))  app        app ready
            \(at("09:00"))  delivery   badge 1   S  herald:reminder:habit:s:r:20261121T0900  [banner, list, sound, badge; background]
            \(at("09:30"))  event      complete habit/s
            \(at("09:30"))  reconcile  completed habit/s: +1 -0 =13, cleared 1 delivered, planned 14, app badge set to 0

            """)
        #expect(run.stderr.contains("\(file.path):11:"), "\(run.stderr)")
        #expect(run.stderr.contains("events[1].tap: at \(berlin("09:40")): no notification of habit/s"))
    }

    @Test func theJSONTimelineEndsWithWhereTheRunStopped() async throws {
        let file = try makeScenarioFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["simulate", file.path, "--json"])

        #expect(run.status == 65)
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["type"] as? String } == ["lifecycle", "reconcile", "lifecycle", "delivery", "event",
                                                         "reconcile", "stopped"])
        let stopped = try #require(objects.last)
        #expect(stopped["line"] as? Int == 11 && stopped["field"] as? String == "events[1].tap")
        #expect(stopped["local"] as? String == "2026-11-21T09:40" && stopped["utc"] as? String == "2026-11-21T08:40:00Z")
        #expect((stopped["error"] as? String)?.hasPrefix("\(file.path):11:") == true)
    }

    @Test func theHTMLReportOfAStoppedRunIsWrittenToo() async throws {
        let file = try makeScenarioFile()
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("herald-stopped-\(UUID().uuidString).html")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: page)
        }
        let run = try await HeraldCommandTests().makeExecution(["simulate", file.path, "--html", page.path])
        #expect(run.status == 65)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("data-identifier=\"herald:reminder:habit:s:r:20261121T0900\""))
    }
}
