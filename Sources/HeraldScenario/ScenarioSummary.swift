import Foundation
import Herald

/// How a scenario run ended.
///
/// ```swift
/// let summary = result.summary
/// #expect(summary.delivered == 3 && summary.cuts == 0)
/// ```
public struct ScenarioSummary: Hashable, Sendable {
    /// Notifications delivered during the run (those already delivered at the start not counted).
    public var delivered: Int
    /// Requests still pending at the end.
    public var pending: Int
    /// Notifications still in the delivered list at the end.
    public var stillDelivered: Int
    /// The app badge at the end.
    public var appBadge: Int
    /// The last plan's coverage horizon: until when every due reminder is scheduled.
    public var coverageHorizon: Date?
    /// The last plan's horizon end; coverage reaching it means nothing was cut.
    public var horizonEnd: Date?
    /// Occurrences the last plan cut to stay inside the budget (`plan.cuts().count`).
    public var cuts: Int
    /// Reconcile runs during the scenario.
    public var reconciles: Int
    /// Responses routed to the app.
    public var routes: Int

    public init(delivered: Int, pending: Int, stillDelivered: Int, appBadge: Int, coverageHorizon: Date?,
                horizonEnd: Date?, cuts: Int, reconciles: Int, routes: Int = 0) {
        self.delivered = delivered
        self.pending = pending
        self.stillDelivered = stillDelivered
        self.appBadge = appBadge
        self.coverageHorizon = coverageHorizon
        self.horizonEnd = horizonEnd
        self.cuts = cuts
        self.reconciles = reconciles
        self.routes = routes
    }
}
