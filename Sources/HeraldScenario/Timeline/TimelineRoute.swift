import Foundation
import Herald

/// A response Herald handed to the scenario app: where the app's resolver says it
/// leads (ready, inactive, missing, invalid), what Herald did for its action, and the
/// app badge right after. It is recorded at the instant the app received it, which for
/// a tap that cold-launched the app is the instant the app became ready.
///
/// ```swift
/// let route = try #require(result.routes.first)
/// #expect(route.destination == .ready && route.title == "Read 20 pages")
/// #expect(route.waited == 2)           // queued from the tap until the data loaded
/// ```
public struct TimelineRoute: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    /// The notification responded to.
    public var identifier: String
    /// The platform's action identifier (the default one for a tap).
    public var actionIdentifier: String
    public var destination: Destination
    /// The entity it points at (`nil` for an invalid payload).
    public var entity: EntityReference?
    /// The title the resolver gave (ready or inactive).
    public var title: String?
    /// Why the payload was unusable, for ``Destination/invalid``.
    public var invalidReason: String?
    /// What Herald did: `none`, `completed`, `snoozed`, `deferred`.
    public var effect: ActionEffect
    /// The text the user typed, for a text action.
    public var text: String?
    /// When the response arrived (it waited in the queue until ``date``).
    public var receivedAt: Date
    /// The app badge after the response was handled.
    public var badge: Int

    public init(date: Date, local: LocalDateTime, identifier: String, actionIdentifier: String,
                destination: Destination, entity: EntityReference?, title: String?, invalidReason: String?,
                effect: ActionEffect, text: String?, receivedAt: Date, badge: Int) {
        self.date = date
        self.local = local
        self.identifier = identifier
        self.actionIdentifier = actionIdentifier
        self.destination = destination
        self.entity = entity
        self.title = title
        self.invalidReason = invalidReason
        self.effect = effect
        self.text = text
        self.receivedAt = receivedAt
        self.badge = badge
    }

    /// Where the response leads, as the app's resolver said.
    public enum Destination: String, Hashable, Sendable {
        case ready, inactive, missing, invalid
    }

    /// Seconds the response waited in Herald's queue for the app to be ready.
    public var waited: TimeInterval { date.timeIntervalSince(receivedAt) }

    /// The action's name for people: `tap`, `dismiss`, or the action's id.
    public var actionName: String {
        switch actionIdentifier {
        case NotificationResponse.defaultActionIdentifier: "tap"
        case NotificationResponse.dismissActionIdentifier: "dismiss"
        default: actionIdentifier
        }
    }
}
