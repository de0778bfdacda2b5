import Foundation

/// What the history records of a run that planned, carried in its report: the history
/// reads it from the published report (``OccurrenceHistory/record(_:)``), the one place
/// runs are written to it.
///
/// ```swift
/// var report = ReconcileReport(reasons: reasons, plan: plan, outcome: outcome, badgeSet: nil, failure: nil)
/// report.historyFacts = RunHistoryFacts(at: now, notificationsOff: true)
/// ```
struct RunHistoryFacts: Sendable {
    /// What a reconcile did to the center.
    struct Reconcile: Sendable {
        var diff: ReconcileDiff
        /// Herald's requests the center held before, by identifier.
        var managedPending: [String: NotificationRequest]
        /// The identifiers whose additions the center refused.
        var failed: [String]
        /// The identifiers the run left pending.
        var pendingAfter: Set<String>
        /// The identity of each identifier's text in `diff` (``identify(with:)``).
        var identities: [String: NotificationIdentifier] = [:]
    }

    /// When the run planned.
    var at: Date
    var notificationsOff: Bool
    /// The identifier's text of each request built for the plan's requests, in that order.
    var requestTexts: [String?] = []
    /// What the reconcile did; `nil` while notifications are off.
    var reconcile: Reconcile?

    /// Keeps the identity of each identifier's text the reconcile touched, as `identify`
    /// gives it (the engine reads back those it built).
    mutating func identify(with identify: (String) -> NotificationIdentifier?) {
        guard var reconcile else { return }
        let diff = reconcile.diff
        guard !diff.additions.isEmpty || !diff.removals.isEmpty || !diff.deliveredRemovals.isEmpty else { return }
        for text in diff.additions.lazy.map(\.identifier) + diff.removals + diff.deliveredRemovals {
            reconcile.identities[text] = identify(text)
        }
        self.reconcile = reconcile
    }
}
