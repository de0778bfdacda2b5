extension PlannerConfiguration {
    /// Whether the planner may cover rules with repeating calendar triggers, which keep
    /// firing when the app never runs again, and what it gives up for them.
    ///
    /// A rule is **compressible** when every occurrence would get the same request: its
    /// content is fixed (``ReminderRule/fixedContent``), it has no follow-up and no region,
    /// its schedule is daily at times or weekly on weekdays at times, and its requests carry
    /// no badge (the badge policy is ``PlannerConfiguration/BadgePolicy/none``, or the rule does not count
    /// toward the badge). It is covered that way only while every match of the triggers
    /// from now on is an occurrence Herald would deliver: no day done or deferred, no
    /// snoozed or already delivered occurrence ahead, no excluded date ahead, no start
    /// ahead and no end. The planner compresses the compressible rules that make the
    /// plan's `Plan.guaranteedCoverage` longest.
    ///
    /// ```swift
    /// var configuration = PlannerConfiguration()
    /// configuration.repeatingTriggers = .droppingBadges  // habits that count toward the badge may repeat too
    /// configuration.repeatingTriggers = .never           // one-shot requests only
    /// ```
    public enum RepeatingTriggerPolicy: Hashable, Sendable {
        /// One-shot requests only: the plan covers as far as the budget reaches.
        case never
        /// The default: compressible rules whose requests carry no badge, where that makes
        /// the guaranteed coverage longer. A rule that counts toward a badge keeps one-shot
        /// requests, whose badges are exact.
        case exact
        /// As ``exact``, and rules that count toward the badge may be compressed too: while
        /// they are, their requests carry no badge and their notifications do not count in
        /// the outstanding badge (a repeating request cannot carry the day's count, and a
        /// badge that cannot be exact is not shown). Rules that need no such drop are
        /// compressed first.
        case droppingBadges
    }
}

/// `PlannerConfiguration.RepeatingTriggerPolicy` by its former name, inside the package.
package typealias RepeatingTriggerPolicy = PlannerConfiguration.RepeatingTriggerPolicy
