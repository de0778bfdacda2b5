import Foundation

/// The occurrences that delivered notifications of one day count toward the badge
/// (``OutstandingNotifications/count(on:)``), kept by the engine for the notifications
/// whose verdict is settled, so a run need not hand the planner every one of them.
/// Each occurrence is held with how many delivered notifications count it (a reminder
/// and its follow-up count one occurrence).
///
/// An incremental cache, in the open (the engine's, handed to the planner in
/// ``PlanningInput/settledOutstanding``):
/// - **What it keeps:** for one day, each occurrence that delivered notifications with a
///   settled verdict count toward the badge, with how many of them count it.
/// - **When it is rebuilt:** a run hands the planner today's. A notification's count is
///   added when a run judges it still asking, and taken back when its verdict is
///   unsettled: its entity's planning state changed (a pause, a deletion, a day done,
///   a snooze, an answer, its rules), or the delivered list changed at or before its
///   place (only the list's unchanged start is kept); a new device zone forgets every
///   count.
/// - **What it speeds up:** a run when many notifications were delivered today, which it
///   no longer judges again. Recorded when it came in (`f041402`, Benchmarks/LOG.md,
///   "A walking route to completion", 2026-11-25, with the SQLite store keeping its fired
///   log in the same change): a route of 800 waypoints walked by `herald simulate`
///   (debug build) 23.91 → 8.82 s of CPU, 400 waypoints 8.99 → 3.12 s; judging the
///   delivered list fell from about 32 % of the 800's profile to under 1 %.
/// - **What proves it changes nothing:** `SettledOutstandingPropertyTests`
///   (`theSettledPathPlansWhatTheWholeListPlans`): an engine that keeps it and one that
///   forgets it before every step, and so judges the whole delivered list, make equal
///   plans and leave equal centers along random steps.
///
/// ```swift
/// var settled = SettledOutstanding(day: today)
/// settled.add(water)          // a delivered reminder that still asks
/// settled.add(water)          // its follow-up: the same occurrence
/// settled.count               // 1
/// settled.remove(water)
/// settled.contains(water)     // true: the follow-up still counts it
/// ```
package struct SettledOutstanding: Sendable, Equatable {
    /// The day the occurrences are outstanding on (`nil`: none).
    public var day: LocalDate?
    /// How many settled notifications count each occurrence.
    private var notifications: [NotificationIdentifier: Int] = [:]

    public init(day: LocalDate? = nil) {
        self.day = day
    }

    /// How many distinct occurrences are counted.
    public var count: Int { notifications.count }

    /// Whether a settled notification counts `occurrence`.
    public func contains(_ occurrence: NotificationIdentifier) -> Bool {
        notifications[occurrence] != nil
    }

    /// One more settled notification counts `occurrence`.
    public mutating func add(_ occurrence: NotificationIdentifier) {
        notifications[occurrence, default: 0] += 1
    }

    /// One settled notification that counted `occurrence` no longer does.
    public mutating func remove(_ occurrence: NotificationIdentifier) {
        guard let held = notifications[occurrence] else { return }
        notifications[occurrence] = held > 1 ? held - 1 : nil
    }
}
