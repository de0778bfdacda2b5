import Foundation
import Herald

/// A notification the simulated system delivered during a scenario run.
///
/// ```swift
/// let badges = result.deliveries.filter { !$0.beforeStart }.map(\.badge)   // [1, 2, 3]
/// ```
public struct TimelineDelivery: Hashable, Sendable {
    /// When it was delivered.
    public var date: Date
    /// When it was delivered, in the scenario's zone.
    public var local: LocalDateTime
    /// The badge its content carried (`nil`: it left the app badge alone).
    public var badge: Int?
    public var title: String
    public var body: String
    /// The request's identifier (`herald:reminder:habit:stretch:morning:20261121T0900`).
    public var identifier: String
    /// One of the scenario's `delivered` notifications, delivered before the start.
    public var beforeStart: Bool

    public init(date: Date, local: LocalDateTime, badge: Int?, title: String, body: String, identifier: String,
                beforeStart: Bool) {
        self.date = date
        self.local = local
        self.badge = badge
        self.title = title
        self.body = body
        self.identifier = identifier
        self.beforeStart = beforeStart
    }
}
