import Foundation

/// A response, decoded and resolved, handed to the app: where it leads, what the user
/// did, and what Herald already did about it.
///
/// ```swift
/// func handle(_ route: ResponseHandoff) async {
///     switch route.destination {
///     case .ready(let entity, _): showDataEntry(for: entity, question: route.payload?.extras["questionID"])
///     case .inactive(_, let title): showPausedPlaceholder(title)
///     case .missing: showMissingPlaceholder()
///     case .list(let entities): showList(entities)
///     case .invalid(let reason): logger.warning("unusable notification", metadata: ["reason": "\(reason)"])
///     }
/// }
/// ```
public struct ResponseHandoff: Hashable, Sendable {
    public enum Destination: Hashable, Sendable {
        case ready(EntityReference, title: String?)
        case inactive(EntityReference, title: String)
        case missing(EntityReference)
        case invalid(HeraldPayload.InvalidReason)
        /// A group (``PlannedGroup``): the list of its members' entities, in its order,
        /// each once. Its payload's `HeraldPayload.members` name each occurrence.
        case list([EntityReference])
    }

    public var destination: Destination
    /// What the chosen action means (``HeraldAction/open`` for a tap).
    public var action: HeraldAction
    /// The platform's action identifier.
    public var actionIdentifier: String
    /// The text the user typed, for a text-input action.
    public var text: String?
    /// The decoded payload, with the app's extras; `nil` when it was invalid.
    public var payload: HeraldPayload?
    public var notification: DeliveredNotification
    public var effect: ActionEffect
    public var receivedAt: Date
    /// For a route notification (seed 001), where it leads, typed: the session's
    /// success summary, or the waypoint; `nil` for every other notification.
    public var routeWalk: RouteWalkDestination?

    public init(destination: Destination, action: HeraldAction, actionIdentifier: String, text: String?,
                payload: HeraldPayload?, notification: DeliveredNotification, effect: ActionEffect, receivedAt: Date,
                routeWalk: RouteWalkDestination? = nil) {
        self.destination = destination
        self.action = action
        self.actionIdentifier = actionIdentifier
        self.text = text
        self.payload = payload
        self.notification = notification
        self.effect = effect
        self.receivedAt = receivedAt
        self.routeWalk = routeWalk
    }
}
