import Foundation
import Herald
@testable import HeraldReport
import HeraldScenario
import Testing

/// The HTML report's model, without a browser: the pending count it reads off the
/// timeline, and the day lanes' marks, against values worked out by hand.
struct HTMLReportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    func makeReport() -> HTMLReport {
        HTMLReport(name: "Test", zone: Self.berlin, start: LocalDateTime(parsing: "2026-11-21T08:00")!,
                   end: LocalDateTime(parsing: "2026-11-22T08:00")!, reserve: 10)
    }

    func at(_ text: String) -> (Date, LocalDateTime) {
        let local = LocalDateTime(parsing: text)!
        return (ZoneConverter.for(Self.berlin).instant(for: local).date, local)
    }

    func reconcile(_ text: String, added: Int, unchanged: Int) -> TimelineEntry {
        let (date, local) = at(text)
        return .reconcile(TimelineReconcile(date: date, local: local, reasons: ["launch"], added: added, removed: 0,
                                            unchanged: unchanged, failedAdds: 0, planned: added + unchanged,
                                            badgeSet: nil, coverageHorizon: nil, failure: nil))
    }

    func delivery(_ text: String, identifier: String) -> TimelineEntry {
        let (date, local) = at(text)
        return .delivery(TimelineDelivery(date: date, local: local, badge: 1, title: "T", body: "", identifier: identifier,
                                          beforeStart: false))
    }

    @Test func pendingFollowsReplansDeliveriesAndForeignRequests() {
        // Given a launch planning 3, one delivery, another SDK adding 2, one of those
        // delivering, and a re-plan keeping 2 and adding 1
        var report = makeReport()
        let (foreignDate, foreignLocal) = at("2026-11-21T10:00")
        for entry in [
            reconcile("2026-11-21T08:00", added: 3, unchanged: 0),
            delivery("2026-11-21T09:00", identifier: "herald:reminder:habit:a:r:20261121T0900"),
            .event(TimelineEvent(date: foreignDate, local: foreignLocal, action: .foreign(count: 2))),
            delivery("2026-11-21T11:00", identifier: "other-sdk:x:1"),
            reconcile("2026-11-21T12:00", added: 1, unchanged: 2),
        ] {
            report.record(entry)
        }

        // Then the counts are, by hand: 3; 2; 2 + 2; 2 + 1; 3 + 1
        #expect(report.pending.map { [$0.herald, $0.other] } == [[3, 0], [2, 0], [2, 2], [2, 1], [3, 1]])
        #expect(report.days.map { "\($0.date)" } == ["2026-11-21"])
    }

    @Test func theTravelReportMarksTheDSTChangeTheClockAndTheZone() async throws {
        // Given the travel example's report
        let scenario = try makeExample("travel-and-clock.yaml")
        let result = try await ScenarioRunner(scenario: scenario).run()
        let html = HTMLReport.render(result, reserve: scenario.planner.reserve)

        // Then Sunday 2026-10-25 says Berlin's clocks go back an hour at 03:00 (the EU's
        // rule: the last Sunday of October, 01:00 UTC), the 27th shows the flight to
        // Tokyo, and the clock set back is marked
        let sunday = try #require(html.components(separatedBy: "data-date=\"2026-10-25\"").dropFirst().first)
        #expect(sunday.prefix(400).contains("DST: Europe/Berlin: clocks go back 1 h at 03:00"))
        let tuesday = try #require(html.components(separatedBy: "data-date=\"2026-10-27\"").dropFirst().first)
        #expect(tuesday.prefix(400).contains("zones this day: Europe/Berlin → Asia/Tokyo"))
        #expect(html.contains("class=\"event clock-change\""))
        #expect(!html.contains("DST:", after: "data-date=\"2026-10-26\""))
    }
}

extension HTMLReportTests {
    @Test func aReportThatCannotBeWrittenExits73AndSaysWhere() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/report.html"
        let run = try await HeraldCommandTests().makeExecution(["simulate", "Examples/seed-004-badges.yaml", "--html", path])
        #expect(run.status == 73)
        #expect(run.stdout.isEmpty, "checked before the run")
        #expect(run.stderr == "error: --html \(path): cannot write the report (its folder does not exist)\n")
    }
}

extension String {
    /// Whether `text` appears between `marker` and the next day section.
    fileprivate func contains(_ text: String, after marker: String) -> Bool {
        guard let start = range(of: marker) else { return false }
        let rest = self[start.upperBound...]
        let end = rest.range(of: "class=\"day\"")?.lowerBound ?? rest.endIndex
        return rest[..<end].contains(text)
    }
}
