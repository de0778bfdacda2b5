import Foundation
import Herald

/// How a scenario run ended, and whether the simulated notification center had to drop
/// requests because more than its capacity were pending (something Herald's budget and
/// reserve are meant to prevent, so a run that drops says so).
///
/// ```swift
/// let summary = result.summary
/// #expect(summary.delivered == 3 && summary.cuts == 0)
/// #expect(summary.dropped == 0 && summary.dropWarning == nil)
/// ```
public struct ScenarioSummary: Hashable, Sendable {
    /// Notifications delivered during the run (those already delivered at the start not counted).
    public var delivered: Int
    /// Requests still pending at the end.
    public var pending: Int
    /// Notifications still in the delivered list at the end.
    public var stillDelivered: Int
    /// The app badge at the end: the number the system keeps, shown on the icon only
    /// while ``notificationSettings`` allows badges.
    public var appBadge: Int
    /// The user's alert, sound and badge switches at the end (everything on for a
    /// summary built by hand).
    public var notificationSettings = NotificationSettings.allOn
    /// The last plan's coverage horizon: until when every due reminder is scheduled.
    public var coverageHorizon: Date?
    /// The last plan's horizon end; coverage reaching it means nothing was cut.
    public var horizonEnd: Date?
    /// The last plan's guaranteed coverage: until when every due reminder fires if the
    /// app never runs again (`nil` before any plan).
    package var guaranteedCoverage: GuaranteedCoverage?
    /// The last plan's refresh deadline: by when it must be re-planned to keep its
    /// coverage (`nil` before any plan, or when the plan needs no refresh).
    public var refreshDeadline: Date?
    /// Occurrences the last plan cut to stay inside the budget (`plan.cuts().count`),
    /// counted up to `ScenarioCheckpoint/PlanCoverage/countedCuts`.
    public var cuts: Int
    /// Whether the last plan cut more occurrences than ``cuts`` counts.
    public var moreCuts: Bool
    /// Those occurrences, soonest first, each with its reason (empty when a resumed run
    /// did not plan and its state file predates the list).
    public var cutList: [ScenarioCut]
    /// Reconcile runs during the scenario.
    public var reconciles: Int
    /// Responses routed to the app.
    public var routes: Int
    /// The identifiers of the requests the center dropped during the run because more
    /// than `capacity` were pending, in the order it dropped them.
    public var droppedIdentifiers: [String]
    /// How many requests the center keeps pending (64, as on Apple platforms).
    package var capacity: Int
    /// The device clock's instant when the run stopped; `nil` for a summary built by hand.
    public var endedAt: Date?
    /// The last smart-timing recomputation of the run (`nil` with smart timing off, or
    /// when this run recomputed nothing).
    public var smartTiming: TimelineSmartTiming?

    package init(delivered: Int, pending: Int, stillDelivered: Int, appBadge: Int, coverageHorizon: Date?,
                horizonEnd: Date?, cuts: Int, reconciles: Int, routes: Int = 0, droppedIdentifiers: [String] = [],
                capacity: Int = 64, endedAt: Date? = nil, cutList: [ScenarioCut] = [],
                smartTiming: TimelineSmartTiming? = nil, guaranteedCoverage: GuaranteedCoverage? = nil,
                refreshDeadline: Date? = nil, moreCuts: Bool = false) {
        self.delivered = delivered
        self.pending = pending
        self.stillDelivered = stillDelivered
        self.appBadge = appBadge
        self.coverageHorizon = coverageHorizon
        self.horizonEnd = horizonEnd
        self.guaranteedCoverage = guaranteedCoverage
        self.refreshDeadline = refreshDeadline
        self.cuts = cuts
        self.cutList = cutList
        self.moreCuts = moreCuts
        self.smartTiming = smartTiming
        self.reconciles = reconciles
        self.routes = routes
        self.droppedIdentifiers = droppedIdentifiers
        self.capacity = capacity
        self.endedAt = endedAt
    }

    /// How many requests the center dropped during the run.
    package var dropped: Int { droppedIdentifiers.count }

    /// What to tell the reader when the center dropped requests, naming the first three
    /// (`nil` when it dropped none): `the notification center dropped 2 requests above
    /// its capacity of 64: herald:reminder:..., herald:reminder:...`.
    package var dropWarning: String? {
        guard dropped > 0 else { return nil }
        let named = droppedIdentifiers.prefix(3).joined(separator: ", ")
        let more = dropped > 3 ? ", and \(dropped - 3) more" : ""
        return "the notification center dropped \(dropped) request\(dropped == 1 ? "" : "s") above its capacity of \(capacity): \(named)\(more)"
    }
}
