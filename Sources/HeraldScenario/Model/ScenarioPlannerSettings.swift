import Foundation
import Herald

/// The `planner` section of a scenario: how Herald's planner is configured for the run.
///
/// ```yaml
/// planner: {reserve: 10, horizon_days: 7, badge: outstanding, repeating: exact}
/// planner: {quiet_hours: {from: "22:00", to: "07:00"}, group_within: 10}
/// seed: 42                  # top level: the install seed random times are drawn from
/// first_weekday: sunday     # top level: the day a quota's week starts on
/// ```
///
/// ```swift
/// let engine = Engine(center: center, source: source, clock: clock,
///                     configuration: scenario.planner.configuration)
/// ```
package struct ScenarioPlannerSettings: Hashable, Sendable {
    /// Requests kept free for immediate events, snoozes and follow-ups (default 10).
    package var reserve: Int
    /// How many days ahead the planner looks (default 14).
    package var horizonDays: Int
    package var badge: Badge
    /// Whether rules with fixed content may repeat (`repeating`, default `exact`).
    package var repeating: Repeating
    /// Whether a travel notice comes with the in-app prompt offering the choice
    /// (`travel_prompt`, default off: ``Herald/PlannerConfiguration/travelPrompt``).
    package var travelPrompt = false
    /// When reminders wait for the end (`quiet_hours: {from, to}`; none by default).
    package var quietHours: QuietHours?
    /// Reminders due within this many minutes of the first come as one
    /// (`group_within`; off by default).
    package var groupWithinMinutes: Int?
    /// The app's install seed, from which rules at random times draw each day's times
    /// (the top-level `seed`, 0 by default: ``Herald/PlannerConfiguration/randomSeed``).
    package var randomSeed: UInt64 = 0
    /// The day a quota's week starts on (the top-level `first_weekday`;
    /// ``Herald/PlannerConfiguration/firstWeekday``): `nil`, when the file does not
    /// say, is Monday.
    package var firstWeekday: Weekday?

    package init(reserve: Int = 10, horizonDays: Int = 14, badge: Badge = .outstanding, repeating: Repeating = .exact,
                quietHours: QuietHours? = nil, groupWithinMinutes: Int? = nil) {
        self.reserve = reserve
        self.horizonDays = horizonDays
        self.badge = badge
        self.repeating = repeating
        self.quietHours = quietHours
        self.groupWithinMinutes = groupWithinMinutes
    }

    /// Whether the planner defers or groups reminders: the scenario then registers
    /// Herald's ``Herald/ReminderCategory/group`` ("Done all").
    package var groupsReminders: Bool { quietHours != nil || groupWithinMinutes != nil }

    /// The repeating-trigger policies a scenario can choose (``Herald/PlannerConfiguration/RepeatingTriggerPolicy``).
    package enum Repeating: String, Hashable, Sendable, CaseIterable {
        /// Compressible rules whose requests carry no badge repeat (the default).
        case exact
        /// Rules that count toward the badge may repeat too, without their badge.
        case droppingBadges = "dropping_badges"
        /// One-shot requests only.
        case never

        var policy: RepeatingTriggerPolicy {
            switch self {
            case .exact: .exact
            case .droppingBadges: .droppingBadges
            case .never: .never
            }
        }
    }

    /// The badge policies a scenario can choose.
    package enum Badge: String, Hashable, Sendable, CaseIterable {
        /// Herald's default: badges count the outstanding notifications.
        case outstanding
        /// No badges at all.
        case none
    }

    /// The planner configuration for these settings (capacity 64).
    package var configuration: PlannerConfiguration {
        var configuration = PlannerConfiguration(
            reserve: reserve,
            horizon: TimeInterval(horizonDays) * 86_400,
            badgePolicy: badge == .none ? .none : .outstanding,
            repeatingTriggers: repeating.policy,
            quietHours: quietHours,
            groupWithin: groupWithinMinutes.map { TimeInterval($0) * 60 }
        )
        configuration.travelPrompt = travelPrompt
        configuration.randomSeed = randomSeed
        configuration.firstWeekday = firstWeekday
        return configuration
    }
}
