import Foundation

extension OccurrenceHistory {
    /// Records a published run's plan and what its reconcile did, from its report's
    /// ``RunHistoryFacts``: the engine's first report observer, so every run that
    /// planned is written here and nowhere else. A run that could not plan records
    /// nothing.
    ///
    /// ```swift
    /// await engine.observeReports { report in history.record(report) }
    /// ```
    func record(_ report: ReconcileReport) {
        guard let plan = report.plan, let facts = report.historyFacts else { return }
        recordPlan(plan, reasons: report.reasons, at: facts.at, notificationsOff: facts.notificationsOff,
                   requestTexts: facts.requestTexts)
        guard let reconcile = facts.reconcile else { return }
        recordReconcile(reconcile.diff, managedPending: reconcile.managedPending, failed: reconcile.failed,
                        pendingAfter: reconcile.pendingAfter, at: facts.at) { reconcile.identities[$0] }
    }
}
