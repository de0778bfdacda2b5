import Foundation
import Logging

/// Makes the center match a run's plan: the one place Herald writes to it.
///
/// Removals first (pending in one batch, then delivered notifications that no longer
/// ask anything), so the center never holds more than its capacity; then additions;
/// then the badge, unless the user turned badges off (``ReconcileReport/badgesOff``).
/// While the user has turned notifications off (``hold(_:reasons:)``) the center is
/// left as it is: iOS then hides the app's pending requests and ignores its adds and
/// removals (the set it kept returns when notifications come back), so what the center
/// reports is not what it holds: Herald neither re-adds nor removes anything, nor sets
/// the badge, and forgets nothing of its own (fired log, snoozes, queued responses).
/// The first run after they come back (a foreground or launch reads the permission)
/// reconciles the whole plan, badge included.
///
/// ```swift
/// let applier = PlanApplier(center: center, reconciler: reconciler, clock: clock, logger: logger)
/// let applied = await applier.apply(prepared, reasons: [.launch])
/// // commit applied.changes; forget applied.removedLocations from the next plans
/// ```
struct PlanApplier: Sendable {
    /// What applying a plan did: the report, what to record of it, the location
    /// notifications it removed from the delivered list, and all it removed from it.
    struct Applied {
        var report: ReconcileReport
        var changes: [EngineStateChange]
        var removedLocations: Set<String>
        var removedDelivered: Set<String>
    }

    let center: any NotificationCenter
    let reconciler: Reconciler
    let clock: any DeviceClock
    let logger: Logger

    /// Applies `prepared` to the center (see the overview).
    nonisolated(nonsending) func apply(_ prepared: RunPreparation, reasons: [EngineEvent]) async -> Applied {
        let plan = prepared.plan
        let badges = prepared.settings.badge
        // `desired` is in AdditionOrder, and so are the additions: latest first.
        let diff = reconciler.diff(desired: prepared.desired, managedPending: prepared.managedPending,
                                   staleDelivered: plan.staleDelivered)
        let outcome = await reconciler.apply(diff, to: center)
        var pendingAfter = Set(prepared.desired.lazy.map(\.identifier))
        pendingAfter.subtract(outcome.failedAdds)
        let facts = RunHistoryFacts(
            at: clock.now, notificationsOff: false, requestTexts: prepared.requestTexts,
            reconcile: .init(diff: diff, managedPending: prepared.managedPending, failed: outcome.failedAdds,
                             pendingAfter: pendingAfter))
        let handedOver = prepared.route.map {
            RouteDeliveryStep.handOver(of: diff.additions, failed: outcome.failedAdds, in: $0)
        } ?? []
        let applied = handedOver + LocationFiringStep.keeping(desired: prepared.desired, failed: outcome.failedAdds,
                                                              previous: prepared.armedLocations)
        let ended = LocationFiringStep.deliveriesEnded(by: reasons, armed: prepared.armedLocations,
                                                        now: clock.now, zone: clock.timeZone)
        if !ended.isEmpty { await center.removeDeliveredNotifications(withIdentifiers: ended) }
        let removed = Set(ended).union(plan.staleDelivered.lazy.filter {
            NotificationIdentifier(parsing: $0)?.kind == .location
        })
        let badgeSet = badges ? await setBadge(plan.appBadge) : nil
        if !plan.displaced.isEmpty {
            logger.debug("snoozes and posted events outgrew the reserve; the latest reminders wait", metadata: [
                "displaced": "\(plan.displaced.map(\.identifier.description))",
            ])
        }
        logger.debug("reconciled", metadata: [
            "reasons": "\(reasons.map(\.description))", "planned": "\(plan.pendingCount)",
            "added": "\(outcome.added)", "removed": "\(outcome.removed)",
            "removedDelivered": "\(outcome.removedDelivered)", "unchanged": "\(outcome.unchanged)",
            "coverageHorizon": "\(plan.coverageHorizon)",
        ])
        var report = ReconcileReport(reasons: reasons, plan: plan, outcome: outcome, badgeSet: badgeSet, failure: nil)
        report.badgesOff = !badges
        report.historyFacts = facts
        return Applied(report: report, changes: applied, removedLocations: removed,
                       removedDelivered: Set(ended).union(diff.deliveredRemovals))
    }

    /// Sets the badge, returning it when it was set. The badge is set on every run:
    /// deliveries and the user change it behind Herald's back, and one call is cheaper
    /// than being wrong. With badges off it is not counted on: the first run after they
    /// come back sets it.
    private nonisolated(nonsending) func setBadge(_ badge: Int?) async -> Int? {
        guard let badge else { return nil }
        do {
            try await center.setBadgeCount(badge)
            return badge
        } catch {
            logger.warning("setting the badge failed", metadata: ["badge": "\(badge)", "error": "\(error)"])
            return nil
        }
    }

    /// A run while the user has turned notifications off: the center is left as it is
    /// (see the overview).
    func hold(_ plan: Plan, reasons: [EngineEvent]) -> ReconcileReport {
        logger.debug("notifications are turned off: the center is left as it is", metadata: [
            "reasons": "\(reasons.map(\.description))", "planned": "\(plan.pendingCount)",
        ])
        var report = ReconcileReport(reasons: reasons, plan: plan, outcome: ReconcileOutcome(), badgeSet: nil,
                                     failure: nil)
        report.heldWhileNotificationsOff = true
        report.historyFacts = RunHistoryFacts(at: clock.now, notificationsOff: true)
        return report
    }
}
