import Foundation

/// A run's plan and what the center needs for it, with the state version it was made
/// from: what ``PlanApplier`` makes the center match.
///
/// ```swift
/// let prepared = RunPreparation(plan: plan, managedPending: managed, pendingCount: pending.count, ...)
/// let pending = prepared.pendingAfter(report)   // what the center holds once it is applied
/// ```
struct RunPreparation {
    var plan: Plan
    var managedPending: [String: NotificationRequest]
    /// How many pending requests the center listed, and how many of them are not Herald's.
    var pendingCount: Int
    var othersPending: Int
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
    /// What the run read of the alarm service, if the app has one.
    var alarms: AlarmRead?
    /// The notice for a zone the app was not told of yet.
    var travel: TravelNotice?

    /// How many requests the center holds once `report`'s run applied this, without
    /// reading it again: the desired requests that were added or kept, and the others'
    /// (or, while notifications are off, what it showed). A center that holds something
    /// else reads differently at the next position, which then runs.
    func pendingAfter(_ report: ReconcileReport) -> Int {
        authorization == .denied ? pendingCount : desired.count + othersPending - report.outcome.failedAdds.count
    }
}
