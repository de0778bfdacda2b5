import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// `Examples/urgency-day.yaml`: a day with a scheduled summary, two Focus periods and an
/// urgency ladder. Hand-worked from the file: pills ask alarm, else critical, else
/// time-sensitive, and come as an alarm at 20:00 (alarms are on), through the dinner
/// Focus; the user presses its "Taken" button at 20:02, which completes the pill;
/// water waits for the 18:00 summary (12:30, and 14:00, held by the work Focus until
/// 17:00 and then by the summary) and for the end of the dinner Focus (19:15 → 20:30);
/// stretch breaks through the work Focus at 15:00; the journal comes passive at 21:30.
struct UrgencyExampleTests {
    @Test func eachDeliveryComesAtItsLevelWhenItsHoldReleasesIt() async throws {
        let result = try await ScenarioRunner(scenario: makeExample("urgency-day.yaml")).run()
        let day = LocalDate(year: 2026, month: 11, day: 23)
        let shown = result.deliveries.filter { $0.local.date == day }.map { delivery in
            "\(delivery.local.time) \(delivery.title) \(InterruptionName.of(delivery.level))"
                + (delivery.held.map { ", \($0.rawValue) since \(delivery.dueLocal!.time)" } ?? "")
        }
        #expect(shown == [
            "15:00 Stretch time_sensitive",
            "18:00 Drink water active, summary since 12:30",
            "18:00 Drink water active, summary since 14:00",
            "20:00 Take pills alarm",
            "20:30 Drink water active, focus since 19:15",
            "21:30 Journal passive",
        ])
        let alarm = try #require(result.deliveries.first { $0.isAlarm })
        #expect(alarm.held == nil && alarm.throughFocus && alarm.dueLocal?.time == LocalTime(hour: 20))
        // The "Taken" button completes the evening's pill, once.
        #expect(result.routes.map { "\($0.local.time) \($0.actionIdentifier) \($0.effect)" }
            == ["20:02 taken \(ActionEffect.completed(day))"])
    }

    @Test func theHTMLReportShowsEachLevelAndHold() async throws {
        let result = try await ScenarioRunner(scenario: makeExample("urgency-day.yaml")).run()
        let page = HTMLReport.render(result, reserve: PlannerConfiguration().reserve)
        for text in ["time-sensitive", "passive", "active", "alarm; through the Focus", "held by the summary, due 12:30",
                     "held by the Focus, due 19:15"] {
            #expect(page.contains(text), "the page lacks \(text)")
        }
    }
}
