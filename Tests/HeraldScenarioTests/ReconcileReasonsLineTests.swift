import Foundation
import Herald
@testable import HeraldReport
import HeraldScenario
import Testing

/// A re-plan asked for by 2,000 edits at one instant names 5 of its reasons and counts
/// the others, in text, JSON Lines and the HTML report (as a `regions` line names the
/// watched places and counts the cut): the line stays short however many asked.
struct EngineEventsLineTests {
    static let utc = TimeZone(identifier: "UTC")!

    func reconcile(reasons: [String]) -> TimelineReconcile {
        let local = LocalDateTime(parsing: "2026-11-21T09:00")!
        return TimelineReconcile(date: ZoneConverter.for(Self.utc).instant(for: local).date, local: local, reasons: reasons,
                                 added: 2000, removed: 0, unchanged: 0, failedAdds: 0, planned: 2000, badgeSet: 0,
                                 coverageHorizon: nil, failure: nil)
    }

    let twoThousand = (0..<2000).map { "entity changed habit/e\($0)" }
    let named = "entity changed habit/e0, entity changed habit/e1, entity changed habit/e2, "
        + "entity changed habit/e3, entity changed habit/e4"

    @Test func theTextLineNamesFiveAndCountsTheRest() {
        let entry = reconcile(reasons: twoThousand)
        #expect(entry.namedReasons == ["entity changed habit/e0", "entity changed habit/e1", "entity changed habit/e2",
                                       "entity changed habit/e3", "entity changed habit/e4"])
        #expect(entry.moreReasons == 1995)
        var formatter = ScenarioTextFormatter(columns: .init(local: 20, title: 10))
        _ = formatter.header(ScenarioRunHeader(name: "Flood", zone: Self.utc, start: entry.local, end: entry.local))
        let line = formatter.entry(.reconcile(entry))
        #expect(line == "2026-11-21 09:00 GMT  reconcile  \(named) and 1995 more: +2000 -0 =0, planned 2000, app badge set to 0\n")
    }

    @Test func fiveReasonsOrFewerAreAllNamed() {
        #expect(reconcile(reasons: Array(twoThousand.prefix(5))).reasonsText == named)
        #expect(reconcile(reasons: Array(twoThousand.prefix(5))).moreReasons == 0)
        #expect(reconcile(reasons: ["launch"]).reasonsText == "launch")
        #expect(reconcile(reasons: Array(twoThousand.prefix(6))).reasonsText == named + " and 1 more")
    }

    @Test func theJSONLineNamesFiveAndCountsTheRest() throws {
        var formatter = ScenarioJSONLinesFormatter()
        let line = formatter.entry(.reconcile(reconcile(reasons: twoThousand)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["reasons"] as? [String] == ["entity changed habit/e0", "entity changed habit/e1",
                                                  "entity changed habit/e2", "entity changed habit/e3",
                                                  "entity changed habit/e4"])
        #expect(object["more_reasons"] as? Int == 1995)
        #expect(line.utf8.count < 600)
        // A line that names every reason has no count.
        let short = formatter.entry(.reconcile(reconcile(reasons: ["launch"])))
        let shortObject = try #require(try JSONSerialization.jsonObject(with: Data(short.utf8)) as? [String: Any])
        #expect(shortObject["reasons"] as? [String] == ["launch"])
        #expect(shortObject["more_reasons"] == nil)
    }

    @Test func theHTMLReportNamesFiveAndCountsTheRest() throws {
        var report = HTMLReport(name: "Flood", zone: Self.utc, start: LocalDateTime(parsing: "2026-11-21T08:00")!,
                                end: LocalDateTime(parsing: "2026-11-22T08:00")!, reserve: 10)
        report.record(.reconcile(reconcile(reasons: twoThousand)))
        let item = try #require(report.days.first?.items.first)
        #expect(item.detail == named + " and 1995 more")
        #expect(item.text == "re-plan (\(named) and 1995 more): +2000 -0 =0, planned 2000, app badge set to 0")
    }
}
