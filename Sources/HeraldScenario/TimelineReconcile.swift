import Foundation
import Herald

/// One run of the engine's reconcile during a scenario: why it ran and what it did.
///
/// ```swift
/// let launch = result.reconciles.first!
/// print(launch.reasons, launch.added)   // ["launch"] 6
/// ```
public struct TimelineReconcile: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    /// The reasons that asked for it (``ReconcileReason`` descriptions).
    public var reasons: [String]
    /// Requests added (new or changed), removed, and left as they were.
    public var added: Int
    public var removed: Int
    public var unchanged: Int
    public var failedAdds: Int
    /// How many reminders the plan holds; `nil` when planning failed.
    public var planned: Int?
    /// The app badge the engine set, when it set one.
    public var badgeSet: Int?
    /// Until when every due reminder is scheduled; `nil` when planning failed.
    public var coverageHorizon: Date?
    /// Why planning failed, when it did.
    public var failure: String?

    public init(date: Date, local: LocalDateTime, reasons: [String], added: Int, removed: Int, unchanged: Int,
                failedAdds: Int, planned: Int?, badgeSet: Int?, coverageHorizon: Date?, failure: String?) {
        self.date = date
        self.local = local
        self.reasons = reasons
        self.added = added
        self.removed = removed
        self.unchanged = unchanged
        self.failedAdds = failedAdds
        self.planned = planned
        self.badgeSet = badgeSet
        self.coverageHorizon = coverageHorizon
        self.failure = failure
    }
}
