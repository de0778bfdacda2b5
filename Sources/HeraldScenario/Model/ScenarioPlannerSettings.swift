import Foundation
import Herald

/// The `planner` section of a scenario: how Herald's planner is configured for the run.
///
/// ```yaml
/// planner: {reserve: 10, horizon_days: 7, badge: outstanding, repeating: exact}
/// ```
///
/// ```swift
/// let engine = Engine(center: center, source: source, clock: clock,
///                     configuration: scenario.planner.configuration)
/// ```
public struct ScenarioPlannerSettings: Hashable, Sendable {
    /// Requests kept free for immediate events, snoozes and follow-ups (default 10).
    public var reserve: Int
    /// How many days ahead the planner looks (default 14).
    public var horizonDays: Int
    public var badge: Badge
    /// Whether rules with fixed content may repeat (`repeating`, default `exact`).
    public var repeating: Repeating
    /// Whether a travel notice comes with the in-app prompt offering the choice
    /// (`travel_prompt`, default off: ``Herald/PlannerConfiguration/travelPrompt``).
    public var travelPrompt = false

    public init(reserve: Int = 10, horizonDays: Int = 14, badge: Badge = .outstanding, repeating: Repeating = .exact) {
        self.reserve = reserve
        self.horizonDays = horizonDays
        self.badge = badge
        self.repeating = repeating
    }

    /// The repeating-trigger policies a scenario can choose (``Herald/RepeatingTriggerPolicy``).
    public enum Repeating: String, Hashable, Sendable, CaseIterable {
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
    public enum Badge: String, Hashable, Sendable, CaseIterable {
        /// Herald's default: badges count the outstanding notifications.
        case outstanding
        /// No badges at all.
        case none
    }

    /// The planner configuration for these settings (capacity 64).
    public var configuration: PlannerConfiguration {
        var configuration = PlannerConfiguration(
            reserve: reserve,
            horizon: TimeInterval(horizonDays) * 86_400,
            badgePolicy: badge == .none ? .none : .outstanding,
            repeatingTriggers: repeating.policy
        )
        configuration.travelPrompt = travelPrompt
        return configuration
    }
}
