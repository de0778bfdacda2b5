import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

/// Location reminders when iOS does not list their deliveries for the app
/// (`location_deliveries: hidden`, the default) and when it does (`listed`).
///
/// Zurich, 2026-06-15: "Lock the door" is a `leave` rule with `repeats: true` around
/// 47.3769 N 8.5417 E, 100 m. The device is at the centre at 08:05 and 12:00, and
/// 0.01° north (1,112 m, outside) at 08:10 and 12:10: two exits, each firing the
/// trigger 20 s later. Nothing else is outstanding, so by hand the first delivery
/// carries 1, and the second, the same day's occurrence again, carries 1 too.
@Suite struct ScenarioLocationDeliveriesTests {
    static func scenario(_ mode: LocationDeliveries, app: String) throws -> Scenario {
        try Scenario(yaml: """
            name: repeating leave twice
            zone: Europe/Zurich
            start: 2026-06-15T08:00
            app: \(app)
            location_deliveries: \(mode.rawValue)
            entities:
              - id: home
                title: Lock the door
                rules:
                  - {id: leave-home, leave: {lat: 47.3769, lon: 8.5417, radius: 100, repeats: true}}
            events:
              - {at: 2026-06-15T08:05, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T08:10, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T12:00, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T12:10, position: {lat: 47.3869, lon: 8.5417}}
            """, file: "leave.yaml")
    }

    @Test(arguments: LocationDeliveries.allCases, ["foreground", "background"])
    func aRepeatingLocationReminderRepeatedTheSameDayKeepsItsBadge(_ mode: LocationDeliveries, app: String) async throws {
        let result = try await ScenarioRunner(scenario: Self.scenario(mode, app: app)).run()

        let deliveries = result.deliveries.filter { $0.local.date == LocalDate(year: 2026, month: 6, day: 15) }
        #expect(deliveries.map { "\($0.local.time)" } == ["08:10:20", "12:10:20"])
        #expect(deliveries.map(\.badge) == [1, 1])
    }

    /// A one-shot `arrive` reminder the app never sees delivered (the app in the
    /// background, the list hidden): Herald finds its request gone at the next run
    /// (the 09:00 refresh), counts it (badge 1), never arms it again that day (the
    /// second arrival at 10:00 brings nothing), and removes it when the habit is
    /// completed at 11:00 (badge 0, the user's list empty).
    @Test func aHiddenOneShotDeliveryIsCountedNotRepeatedAndRemovedOnCompletion() async throws {
        let scenario = try Scenario(yaml: """
            name: gym
            zone: Europe/Zurich
            start: 2026-06-15T08:00
            app: background
            entities:
              - id: gym
                title: Workout
                rules:
                  - {id: arrive, arrive: {lat: 47.3769, lon: 8.5417, radius: 100}}
            events:
              - {at: 2026-06-15T08:05, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T08:30, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T09:00, refresh}
              - {at: 2026-06-15T09:30, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T10:00, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T11:00, complete: gym}
            """, file: "gym.yaml")
        let result = try await ScenarioRunner(scenario: scenario).run()

        let today = result.deliveries.filter { $0.local.date == LocalDate(year: 2026, month: 6, day: 15) }
        #expect(today.map { "\($0.local.time)" } == ["08:30:20"])
        let refresh = try #require(result.reconciles.first { $0.local.time == LocalTime(hour: 9) })
        #expect(refresh.badgeSet == 1)
        let completion = try #require(result.reconciles.first { $0.local.time == LocalTime(hour: 11) })
        #expect(completion.badgeSet == 0)
        #expect(result.summary.stillDelivered == 0)
    }
}
