import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// `Examples/travel-and-clock.yaml`: a clock set back, the end of summer time, a
/// completion logged after the fact, and a flight from Berlin to Tokyo.
struct TravelExampleTests {
    func makeResult() async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: makeExample("travel-and-clock.yaml")).run()
    }

    @Test func deliversEachReminderOnceAtItsWallTimeOrPinnedInstant() async throws {
        let result = try await makeResult()

        // Then: nothing fires twice after the clock went back; 08:00 stays 08:00 across
        // the DST change; water follows the phone to Tokyo, pills stay at 21:00 Berlin (05:00 JST)
        #expect(result.deliveries.map { "\($0.title) \($0.local) \(TimeTextProbe.utc($0.date))" } == [
            "Drink water 2026-10-24T08:00 2026-10-24T06:00:00Z",
            "Take pills 2026-10-24T21:00 2026-10-24T19:00:00Z",
            "Drink water 2026-10-25T08:00 2026-10-25T07:00:00Z",
            "Take pills 2026-10-25T21:00 2026-10-25T20:00:00Z",
            "Drink water 2026-10-26T08:00 2026-10-26T07:00:00Z",
            "Take pills 2026-10-26T21:00 2026-10-26T20:00:00Z",
            // Landing at 09:00 JST: Tokyo's 08:00 of that day already passed, so it comes at once
            "Drink water 2026-10-27T09:00 2026-10-27T00:00:00Z",
            "Take pills 2026-10-28T05:00 2026-10-27T20:00:00Z",
            "Drink water 2026-10-28T08:00 2026-10-27T23:00:00Z",
        ])
        #expect(Set(result.deliveries.map(\.identifier)).count == result.deliveries.count)
    }

    @Test func everyReplanShowsItsReasonWhenTheAppRuns() async throws {
        let result = try await makeResult()

        // The suspended app hears of each time change when it next runs: the clock set
        // back when the user opens it at 07:25, Sunday at the 06:00 background refresh,
        // Monday and Tuesday's midnights (one change) and Tokyo when it is opened after
        // landing; on screen from then on, Tokyo's midnight at the instant.
        #expect(result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-10-24T07:00 launch",
            "2026-10-24T07:25 significant time change",
            "2026-10-24T07:25 foreground",
            "2026-10-24T08:30 completed habit/water",
            "2026-10-25T06:00 day changed",
            "2026-10-25T06:00 background refresh",
            "2026-10-25T10:00 completed habit/water",
            "2026-10-27T09:20 day changed",
            "2026-10-27T09:20 time zone changed",
            "2026-10-27T09:20 foreground",
            "2026-10-27T09:30 completed habit/water",
            "2026-10-28T00:00 day changed",
        ])
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
    }

    @Test func textShowsTheClockJumpAndTheZoneOfEachLine() async throws {
        let text = try await makeResult().text()

        // Local times are the device's, with its zone's abbreviation (Tokyo's after landing)
        let berlin = TimeZone(identifier: "Europe/Berlin")!, tokyo = TimeZone(identifier: "Asia/Tokyo")!
        func when(_ local: String, _ utc: String, _ zone: TimeZone) throws -> String {
            let instant = try #require(ISO8601DateFormatter().date(from: utc))
            return "\(local) \(zone.abbreviation(for: instant) ?? "")"
        }
        let expected = [
            (try when("2026-10-24 08:20", "2026-10-24T06:20:00Z", berlin), "the user sets the clock to 2026-10-24 07:20 (back 1 h)"),
            (try when("2026-10-24 08:30", "2026-10-24T06:30:00Z", berlin), "complete habit/water"),
            (try when("2026-10-25 06:00", "2026-10-25T05:00:00Z", berlin), "the system gives the app a background refresh"),
            (try when("2026-10-25 10:00", "2026-10-25T09:00:00Z", berlin), "complete habit/water, done at 2026-10-25 07:45"),
            (try when("2026-10-27 01:00", "2026-10-27T00:00:00Z", berlin), "the device moves to Asia/Tokyo"),
            (try when("2026-10-27 09:30", "2026-10-27T00:30:00Z", tokyo), "complete habit/water"),
        ]
        let width = expected.map(\.0.count).max() ?? 0
        let eventLines = text.split(separator: "\n").map(String.init).filter { $0.contains("  event  ") }
        #expect(eventLines == expected.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  event      " + $0.1 })
        // The first delivery after landing is at 09:00 Tokyo time
        let landing = try when("2026-10-27 09:00", "2026-10-27T00:00:00Z", tokyo)
        #expect(text.split(separator: "\n").first { $0.hasPrefix(landing) }.map(String.init)
            == landing.padding(toLength: width, withPad: " ", startingAt: 0)
            + "  delivery   badge 1   Drink water  herald:reminder:habit:water:morning:20261027T0800  [banner, list, sound, badge; background]")
    }
}
