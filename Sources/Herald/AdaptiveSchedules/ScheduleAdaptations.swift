import Foundation

/// What a rule declares of the schedules that follow the user, each set by its kind's
/// modifier on ``ReminderRule``: ``ReminderRule/limited(to:)``,
/// ``ReminderRule/countingFromCompletion()``, ``ReminderRule/atRandomTimes(_:)``,
/// ``ReminderRule/paced(_:)`` and ``ReminderRule/onVacation(_:)``. Empty for a fixed
/// calendar: ``AdaptiveSchedules`` then leaves the rule as it is.
///
/// ```swift
/// var adaptations = ScheduleAdaptations()
/// adaptations.quota = try ReminderRule.Quota(times: 3, per: .week)
/// adaptations.isEmpty   // false
/// ```
package struct ScheduleAdaptations: Hashable, Sendable, Codable {
    package var quota: ReminderRule.Quota?
    package var countsFromCompletion = false
    package var randomTimes: ReminderRule.RandomTimes?
    package var pace: ReminderRule.Pace?
    package var vacations: [ReminderRule.Vacation] = []

    package init() {}

    /// Whether the rule follows a fixed calendar.
    package var isEmpty: Bool {
        quota == nil && !countsFromCompletion && randomTimes == nil && pace == nil && vacations.isEmpty
    }

    private enum CodingKeys: String, CodingKey {
        case quota, countsFromCompletion, randomTimes, pace, vacations
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quota = try container.decodeIfPresent(ReminderRule.Quota.self, forKey: .quota)
        countsFromCompletion = try container.decodeIfPresent(Bool.self, forKey: .countsFromCompletion) ?? false
        randomTimes = try container.decodeIfPresent(ReminderRule.RandomTimes.self, forKey: .randomTimes)
        pace = try container.decodeIfPresent(ReminderRule.Pace.self, forKey: .pace)
        vacations = try container.decodeIfPresent([ReminderRule.Vacation].self, forKey: .vacations) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(quota, forKey: .quota)
        if countsFromCompletion { try container.encode(true, forKey: .countsFromCompletion) }
        try container.encodeIfPresent(randomTimes, forKey: .randomTimes)
        try container.encodeIfPresent(pace, forKey: .pace)
        if !vacations.isEmpty { try container.encode(vacations, forKey: .vacations) }
    }
}
