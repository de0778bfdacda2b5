import Foundation

/// When the next background refresh may begin: the `earliestBeginDate` of the request
/// ``BackgroundRefresh`` submits after every run.
///
/// The rule, in order:
/// 1. **Before the coverage runs out.** The plan schedules every due reminder up to its
///    coverage horizon; past it, reminders are missing until the app runs again. The
///    refresh may begin ``marginBeforeHorizon`` before that instant.
/// 2. **After the next local midnight**, when ``contentDependsOnDay`` (streaks at risk,
///    "3 left today"): ``afterMidnight`` past the next day change, if that is sooner
///    than rule 1, so the new day's content is written once the day has begun.
/// 3. **Never sooner than ``minimumDelay``** from now, and when the run failed (no
///    plan), ``retryAfterFailure`` from now.
///
/// `earliestBeginDate` is a lower bound: the system decides when the task runs (maybe
/// hours later, maybe never), so a refresh never replaces re-planning at launch and on
/// every return to the foreground.
///
/// ```swift
/// let policy = RefreshPolicy(contentDependsOnDay: false)     // plan far ahead, refresh rarely
/// policy.earliestBeginDate(coverageHorizon: plan.coverageHorizon, now: now, nextDayChange: midnight)
/// ```
public struct RefreshPolicy: Hashable, Sendable {
    /// Whether notification content changes with the day, so the first run of a new day
    /// should rewrite it.
    public var contentDependsOnDay: Bool
    /// How long before the coverage horizon the refresh may begin.
    public var marginBeforeHorizon: TimeInterval
    /// How long after the next local midnight the refresh may begin, when content
    /// depends on the day.
    public var afterMidnight: TimeInterval
    /// The soonest a refresh may begin after a run.
    public var minimumDelay: TimeInterval
    /// When a run could not plan, how long until the next try.
    public var retryAfterFailure: TimeInterval

    public init(
        contentDependsOnDay: Bool = true, marginBeforeHorizon: TimeInterval = 6 * 3_600,
        afterMidnight: TimeInterval = 5 * 60, minimumDelay: TimeInterval = 15 * 60,
        retryAfterFailure: TimeInterval = 3_600
    ) {
        self.contentDependsOnDay = contentDependsOnDay
        self.marginBeforeHorizon = marginBeforeHorizon
        self.afterMidnight = afterMidnight
        self.minimumDelay = minimumDelay
        self.retryAfterFailure = retryAfterFailure
    }

    /// - Parameters:
    ///   - coverageHorizon: the plan's coverage horizon, or `nil` when the run failed.
    ///   - now: the current instant.
    ///   - nextDayChange: the next local midnight (``Herald/Engine/nextDayChange(after:)``).
    public func earliestBeginDate(coverageHorizon: Date?, now: Date, nextDayChange: Date) -> Date {
        guard let coverageHorizon else { return now.addingTimeInterval(max(retryAfterFailure, minimumDelay)) }
        var earliest = coverageHorizon.addingTimeInterval(-marginBeforeHorizon)
        if contentDependsOnDay {
            earliest = min(earliest, nextDayChange.addingTimeInterval(afterMidnight))
        }
        return max(earliest, now.addingTimeInterval(minimumDelay))
    }
}
