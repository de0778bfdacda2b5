import Foundation

extension RouteSessionState {
    /// The moment every waypoint of a session was reached: recorded once per session,
    /// with the summary its notification carries and whether it was sent.
    ///
    /// ```swift
    /// let done = RouteCompletion(date: now, summary: summary, outcome: .sent)
    /// ```
    public struct Completion: Hashable, Sendable, Codable {
        public var date: Date
        public var summary: RouteSessionState.Summary
        public var outcome: RouteSessionState.NotificationOutcome

        public init(date: Date, summary: RouteSessionState.Summary, outcome: RouteSessionState.NotificationOutcome) {
            self.date = date
            self.summary = summary
            self.outcome = outcome
        }
    }
}

/// `RouteSessionState.Completion` by its former name, inside the package.
package typealias RouteCompletion = RouteSessionState.Completion
