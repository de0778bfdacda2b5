import Foundation
import Herald
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

    @Test func everyReplanShowsItsReason() async throws {
        let result = try await makeResult()

        #expect(result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-10-24T07:00 launch",
            "2026-10-24T07:20 significant time change",
            "2026-10-24T08:30 completed habit/water",
            "2026-10-25T00:00 day changed",
            "2026-10-25T10:00 completed habit/water",
            "2026-10-26T00:00 day changed",
            "2026-10-27T00:00 day changed",
            "2026-10-27T09:00 time zone changed",
            "2026-10-27T09:30 completed habit/water",
            "2026-10-28T00:00 day changed",
        ])
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
    }

    @Test func textShowsTheClockJumpAndTheZoneOfEachLine() async throws {
        let text = try await makeResult().text()

        #expect(text.contains("event      the user sets the clock to 2026-10-24 07:20 (back 1 h)"))
        #expect(text.contains("event      complete habit/water, done at 2026-10-25 07:45"))
        #expect(text.contains("event      the device moves to Asia/Tokyo"))
        // Local times after landing are Tokyo's, with its offset
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let landing = try #require(ISO8601DateFormatter().date(from: "2026-10-27T00:00:00Z"))
        #expect(text.contains("2026-10-27 09:00 \(tokyo.abbreviation(for: landing) ?? "+09:00")  delivery"))
    }
}
