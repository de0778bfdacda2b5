import Foundation
import Herald
import HeraldScenario
import Testing

/// `herald why` for a location rule, which has one occurrence a day (keyed at its
/// midnight): any time of the day names it.
///
/// Berlin, Saturday 2026-11-21: the pharmacy's `arrive` reminder is paused at the start
/// (the 08:00 launch does not plan it), resumed at 09:50 (planned then) and entered at
/// 09:58, so it fires at 09:58:20, 20 s after the crossing.
struct ScenarioWhyLocationTests {
    static let body = """
        days: 1
        entities:
          - id: pharmacy
            title: Pharmacy
            status: paused
            rules: [{id: near-pharmacy, arrive: {lat: 52.5200, lon: 13.4050, radius: 100}}]
        events:
          - {at: 2026-11-21T08:05, position: {lat: 52.5300, lon: 13.4050}}
          - {at: 2026-11-21T09:50, resume: pharmacy}
          - {at: 2026-11-21T09:58, position: {lat: 52.5200, lon: 13.4050}}
        """

    static let identifier = "herald:location:habit:pharmacy:near-pharmacy:20261121T0000"

    @Test(arguments: ["2026-11-21T00:00", "2026-11-21T09:58", "2026-11-21T23:59"])
    func anyTimeOfTheDayNamesTheDaysOccurrence(_ local: String) async throws {
        let id = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "pharmacy"), rule: "near-pharmacy")
        let story = try await ScenarioRunner(scenario: makeScenario(body: Self.body)).why(id, at: LocalDateTime(parsing: local)!)

        #expect(story.occurrence == LocalDateTime(parsing: "2026-11-21T00:00")!)
        #expect(story.verdict == .delivered)
        let zone = ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
        let delivered = try #require(story.events.last)
        #expect(delivered.fact == .delivered(identifier: Self.identifier, held: nil))
        #expect(delivered.date == zone.instant(for: LocalDateTime(parsing: "2026-11-21T09:58")!).date.addingTimeInterval(20))
    }
}
