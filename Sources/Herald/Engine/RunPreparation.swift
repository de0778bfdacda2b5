import Foundation

/// A run's plan and what the center needs for it, with the state version it was made
/// from: what ``PlanApplier`` makes the center match.
///
/// ```swift
/// let prepared = RunPreparation(plan: plan, managedPending: managed, pending: pending.map(\.identifier), ...)
/// let pending = prepared.pendingAfter(report)   // what the center holds once it is applied
/// ```
struct RunPreparation {
    var plan: Plan
    var managedPending: [String: NotificationRequest]
    /// The identifiers of the pending requests the center listed.
    var pending: [String]
    var desired: [NotificationRequest]
    /// The identifier's text of each request built for `plan.requests`, in that order.
    var requestTexts: [String?]
    var stateVersion: Int
    /// The route session in progress, as the plan saw it.
    var route: RouteSessionState?
    /// The app's notification permission when the run read the center.
    var authorization: AuthorizationStatus
    /// The location requests the last run left pending.
    var armedLocations: ArmedLocations
    /// Which of alert, sound and badge the user allowed then.
    var settings: NotificationSettings
    /// The delivered list the run read.
    var delivered: [DeliveredNotification]
    /// The regions of arrive requests kept pending as the center held them, their entry
    /// maybe in flight (``LocationCrossingInFlight``).
    var heldInFlight: [LocationRegion]
    /// What the run read of the alarm service, if the app has one.
    var alarms: AlarmRead?
    /// The notice for a zone the app was not told of yet.
    var travel: TravelNotice?

    /// The identifiers of the requests the center holds once `report`'s run applied
    /// this, without reading it again: the desired requests that were added or kept, and
    /// the others' (or, while notifications are off, what it showed). A center that
    /// holds something else reads differently at the next position, which then runs.
    func pendingAfter(_ report: ReconcileReport) -> Set<String> {
        guard authorization != .denied else { return Set(pending) }
        var after = Set(desired.lazy.map(\.identifier))
        after.subtract(report.outcome.failedAdds)
        after.formUnion(pending.lazy.filter { managedPending[$0] == nil })
        return after
    }

    /// The delivered list once `removed` identifiers were taken off it.
    func deliveredAfter(removing removed: Set<String>) -> LastRegionChoice.DeliveredMark {
        guard authorization != .denied, !removed.isEmpty else { return LastRegionChoice.DeliveredMark(delivered) }
        return LastRegionChoice.DeliveredMark(delivered.lazy.filter { !removed.contains($0.request.identifier) })
    }
}
