import Foundation

extension PlannerConfiguration {
    /// When the next background refresh may begin, from the plan the last run made: the
    /// `earliestBeginDate` of the request `BackgroundRefresh` (HeraldUserNotifications)
    /// submits after every run, and the instant a scenario's `background_refresh` asks for.
    ///
    /// The plan says how far it reaches without the app (`Plan.guaranteedCoverage`) and by
    /// when it must be re-planned (`Plan.refreshDeadline`); the policy only adds margins:
    /// 1. **Before the coverage runs out.** Past the end of the guaranteed coverage,
    ///    reminders are missing until the app runs again, so the refresh may begin
    ///    ``marginBeforeDeadline`` before it.
    /// 2. **After the day changes**, when the deadline comes sooner than the end of coverage
    ///    (the plan's content depends on the day, ``PlannerConfiguration/contentDependsOnDay``,
    ///    and the deadline is the next local midnight): ``afterDayChange`` past the deadline,
    ///    if that is sooner than rule 1, so the new day's content is written once the day has
    ///    begun.
    /// 3. **With no deadline** (coverage unbounded, content fixed), ``withoutDeadline`` from now.
    /// 4. **Never sooner than ``minimumDelay``** from now; when the run failed (no plan),
    ///    ``retryAfterFailure`` from now.
    ///
    /// `earliestBeginDate` is a lower bound: the system decides when the task runs (maybe
    /// hours later, maybe never), so a refresh never replaces re-planning at launch and on
    /// every return to the foreground.
    ///
    /// ```swift
    /// let policy = RefreshPolicy()
    /// policy.earliestBeginDate(after: plan, now: now)   // plan: nil when the run failed
    /// ```
    public struct RefreshPolicy: Hashable, Sendable {
        /// How long before the end of the guaranteed coverage the refresh may begin.
        public var marginBeforeDeadline: TimeInterval
        /// How long after a day-change deadline the refresh may begin.
        public var afterDayChange: TimeInterval
        /// When the plan has no deadline, how long until the next refresh anyway.
        public var withoutDeadline: TimeInterval
        /// The soonest a refresh may begin after a run.
        public var minimumDelay: TimeInterval
        /// When a run could not plan, how long until the next try.
        public var retryAfterFailure: TimeInterval

        public init(
            marginBeforeDeadline: TimeInterval = 6 * 3_600, afterDayChange: TimeInterval = 5 * 60,
            withoutDeadline: TimeInterval = 24 * 3_600, minimumDelay: TimeInterval = 15 * 60,
            retryAfterFailure: TimeInterval = 3_600
        ) {
            self.marginBeforeDeadline = marginBeforeDeadline
            self.afterDayChange = afterDayChange
            self.withoutDeadline = withoutDeadline
            self.minimumDelay = minimumDelay
            self.retryAfterFailure = retryAfterFailure
        }

        /// The earliest the refresh after `plan` may begin.
        ///
        /// - Parameters:
        ///   - plan: the last run's plan, or `nil` when it failed.
        ///   - now: the current instant.
        package func earliestBeginDate(after plan: Plan?, now: Date) -> Date {
            earliestBeginDate(guaranteedCoverage: plan?.guaranteedCoverage, refreshDeadline: plan?.refreshDeadline, now: now)
        }

        /// The same from a plan's two figures: `guaranteedCoverage` is `nil` when the run
        /// failed; `refreshDeadline` is `nil` when the plan needs no refresh.
        package func earliestBeginDate(guaranteedCoverage: GuaranteedCoverage?, refreshDeadline: Date?, now: Date) -> Date {
            let soonest = now.addingTimeInterval(minimumDelay)
            guard let guaranteedCoverage else { return now.addingTimeInterval(max(retryAfterFailure, minimumDelay)) }
            guard let refreshDeadline else { return max(now.addingTimeInterval(withoutDeadline), soonest) }
            var earliest = guaranteedCoverage.covers(refreshDeadline)
                ? refreshDeadline.addingTimeInterval(afterDayChange) : refreshDeadline.addingTimeInterval(-marginBeforeDeadline)
            if let end = guaranteedCoverage.date {
                earliest = min(earliest, end.addingTimeInterval(-marginBeforeDeadline))
            }
            return max(earliest, soonest)
        }
    }
}
