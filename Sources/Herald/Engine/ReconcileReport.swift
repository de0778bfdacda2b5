import Foundation

/// What one reconcile run did, for logs, tests and the CLI timeline.
public struct ReconcileReport: Sendable {
    /// Every reason that asked for this run (concurrent requests coalesce into one run).
    package var reasons: [EngineEvent]
    /// The plan, or `nil` when the run could not plan (the source failed).
    package var plan: Plan?
    package var outcome: ReconcileOutcome
    /// The badge set on the center, when it was set.
    public var badgeSet: Int?
    /// Why the run failed, when it did.
    public var failure: String?
    /// The route visits and completion recorded by the position that asked for this run
    /// (``Engine/positionChanged(_:)``), in walking order; empty for any other run.
    public var routeChanges: [EngineStateChange] = []
    /// Whether the run found notifications turned off (authorization `denied`) and so
    /// left the center alone: it planned, and nothing was added, removed or badged.
    /// The first run after they come back hands the center the whole plan.
    public var heldWhileNotificationsOff = false
    /// Whether the run found the app badge turned off in the app's notification
    /// settings (``NotificationSettings/badge``) and so did not count on it: it set no
    /// badge, and no request it handed the center carries one. The first run after
    /// badges come back sets the badge to what is outstanding and re-adds the pending
    /// requests with their badges.
    public var badgesOff = false
    /// What the run did to the alarm service (nothing without one).
    package var alarms = AlarmOutcome()
    /// The run found the device in a zone the app was not told of yet (a trip began,
    /// moved on or ended): which floating rules' times now differ from home.
    public var travel: TravelNotice?
    /// What the history records of this run (``OccurrenceHistory/record(_:)``).
    var historyFacts: RunHistoryFacts?
}
