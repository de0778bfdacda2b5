import Foundation
import Testing
@testable import Herald

/// A location rule has no schedule: its region fires it. It is stored as before and
/// reads back the same (values worked out by hand).
@Suite struct LocationRuleScheduleTests {
    func makeGymRule() throws -> ReminderRule {
        try ReminderRule(entity: Fixtures.habit("workout"), id: "arrive", location: LocationTrigger(
            region: LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.40, radius: 150)))
    }

    @Test func aLocationRuleHasNoSchedule() throws {
        // Given a location rule and a scheduled one
        let gym = try makeGymRule()
        let water = try ReminderRule(entity: Fixtures.habit("water"), id: "morning",
                                     schedule: try .daily(at: [LocalTime(hour: 9)]))
        // Then only the scheduled rule has a schedule
        #expect(!gym.hasSchedule)
        #expect(water.hasSchedule)
        #expect(gym.schedule == .unscheduled)
    }

    @Test func aLocationRuleIsStoredAsBeforeAndReadsBackEqual() throws {
        // Given a location rule
        let gym = try makeGymRule()
        // When encoded and decoded
        let data = try JSONEncoder().encode(gym)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Then it still carries the schedule every version reads, and decodes equal, without one
        #expect(object["schedule"] != nil)
        let decoded = try JSONDecoder().decode(ReminderRule.self, from: data)
        #expect(decoded == gym)
        #expect(!decoded.hasSchedule)
    }

    @Test func aRuleWithNeitherScheduleNorRegionIsRefused() throws {
        // Given a stored location rule with its region and schedule taken out
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(makeGymRule()))
            as? [String: Any])
        object["schedule"] = nil
        let withoutSchedule = try JSONSerialization.data(withJSONObject: object)
        object["location"] = nil
        let withNeither = try JSONSerialization.data(withJSONObject: object)
        // Then without a schedule it is still the location rule, and with neither it is refused
        #expect(try JSONDecoder().decode(ReminderRule.self, from: withoutSchedule) == makeGymRule())
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ReminderRule.self, from: withNeither) }
    }
}
