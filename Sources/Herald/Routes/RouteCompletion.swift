import Foundation

/// The moment every waypoint of a session was reached: recorded once per session,
/// with the summary its notification carries and whether it was sent.
///
/// ```swift
/// let done = RouteCompletion(date: now, summary: summary, outcome: .sent)
/// ```
public struct RouteCompletion: Hashable, Sendable, Codable {
    public var date: Date
    public var summary: RouteSummary
    public var outcome: RouteNotificationOutcome

    public init(date: Date, summary: RouteSummary, outcome: RouteNotificationOutcome) {
        self.date = date
        self.summary = summary
        self.outcome = outcome
    }
}
