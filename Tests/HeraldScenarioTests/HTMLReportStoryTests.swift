import Foundation
import Herald
@testable import HeraldReport
import HeraldScenario
import Testing

/// The HTML report opens an occurrence's story under its delivery and under its cut: a
/// `<details class="story">` element (no script), checked in the rendered page.
struct HTMLReportStoryTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let nine = "herald:reminder:habit:a:r:20261121T0900"

    func at(_ text: String) -> (Date, LocalDateTime) {
        let local = LocalDateTime(parsing: text)!
        return (ZoneConverter.for(Self.berlin).instant(for: local).date, local)
    }

    /// The `<details class="story" ...>...</details>` elements of `html`, in order.
    func storyElements(_ html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<details class=\"story\""), let end = rest[start.upperBound...].range(of: "</details>") {
            found.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    @Test func aDeliveryAndACutOpenTheirStories() throws {
        // Given a report with one delivery (Saturday 09:00) and a last plan that cut Sunday 10:00
        var report = HTMLReport(name: "Test", zone: Self.berlin, start: LocalDateTime(parsing: "2026-11-21T08:00")!,
                                end: LocalDateTime(parsing: "2026-11-22T08:00")!, reserve: 10)
        let (nine, nineLocal) = at("2026-11-21T09:00"), (eight, _) = at("2026-11-21T08:00")
        report.record(.delivery(TimelineDelivery(date: nine, local: nineLocal, badge: 1, title: "A", body: "",
                                                 identifier: Self.nine, beforeStart: false)))
        let rule = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "a"), rule: "r")
        let (ten, tenLocal) = at("2026-11-22T10:00")
        let cut = ScenarioCut(entity: rule.entity, rule: "r", date: ten, local: tenLocal, reason: .overBudget)
        var asked: [String] = []
        // And stories told by hand: planned at 08:00 and delivered at 09:00; cut at 08:00
        report.tellStories(cuts: [cut]) { asking, local in
            asked.append("\(asking)@\(local)")
            let delivered = local == nineLocal
            return OccurrenceStory(
                entity: asking.entity, rule: asking.rule, occurrence: local, date: delivered ? nine : ten,
                events: delivered
                    ? [.init(date: eight, fact: .planned(identifier: Self.nine, badge: 1, firesAt: nine), reasons: ["launch"]),
                       .init(date: nine, fact: .delivered(identifier: Self.nine, held: nil))]
                    : [.init(date: eight, fact: .cut(held: 54, capacity: 64, latest: []), reasons: ["launch"])],
                verdict: delivered ? .delivered : .cut)
        }
        let html = report.render(summary: ScenarioSummary(
            delivered: 1, pending: 0, stillDelivered: 1, appBadge: 1, coverageHorizon: nil, horizonEnd: nil, cuts: 1,
            reconciles: 1, cutList: [cut]))

        // Then the delivery's occurrence and the cut were asked for, once each
        #expect(asked == ["habit/a/r@2026-11-21T09:00", "habit/a/r@2026-11-22T10:00"])
        // And the page has two stories, no script: the delivery's inside its row, with
        // its verdict as the summary and one item per event; the cut's in the cuts table
        #expect(!html.contains("<script"))
        let stories = storyElements(html)
        #expect(stories.count == 2)
        let delivery = try #require(stories.first)
        #expect(delivery.contains("data-verdict=\"delivered\""))
        #expect(delivery.contains("<summary>why: delivered</summary>"))
        #expect(delivery.components(separatedBy: "<li>").count - 1 == 2)
        #expect(delivery.contains("plan (launch): planned as \(Self.nine) (badge 1)"))
        #expect(delivery.contains("system: delivered \(Self.nine)"))
        let row = try #require(html.range(of: "data-identifier=\"\(Self.nine)\""))
        let rowEnd = try #require(html[row.upperBound...].range(of: "</li>\n"))
        #expect(html[row.upperBound..<rowEnd.lowerBound].contains("<details class=\"story\""))
        let cutStory = try #require(stories.last)
        #expect(cutStory.contains("<summary>why: cut</summary>"))
        // (its apostrophe escaped like every text of the page)
        #expect(cutStory.contains("cut by the budget: 54 sooner requests held the reminders&#39; slots"))
        let cuts = try #require(html.range(of: "id=\"cuts\""))
        #expect(html[cuts.upperBound...].contains("data-verdict=\"cut\""))
    }

    @Test func simulateWithHTMLOpensEveryDeliverysStory() async throws {
        // Given seed 004: 09:00, 09:01 and 09:02 delivered on Saturday, and two of
        // Friday's in the list before the run (which no plan of the run had)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("herald-story-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await HeraldCommandTests().makeExecution([
            "simulate", "Examples/seed-004-badges.yaml", "--html", output.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")

        // Then each of Saturday's 3 deliveries opens its story, delivered at its time
        let html = try String(contentsOf: output, encoding: .utf8)
        let stories = storyElements(html)
        #expect(stories.count == 3)
        #expect(stories.allSatisfy { $0.contains("data-verdict=\"delivered\"") })
        #expect(stories.first?.contains("planned as herald:reminder:habit:meditate:reminders:20261121T0900 (badge 1)") == true)
    }
}
