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
    /// For a route notification (seed 001), the screen the app opens: the route's
    /// summary for the completion, the map at the spot for a spot
    /// (`ResponseHandoff.routeWalk`); `nil` for every other notification.
    public var routeScreen: RouteScreen?

    package init(date: Date, local: LocalDateTime, identifier: String, actionIdentifier: String,
                destination: Destination, entity: EntityReference?, title: String?, invalidReason: String?,
                effect: ActionEffect, text: String?, receivedAt: Date, badge: Int, routeScreen: RouteScreen? = nil) {
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
        self.routeScreen = routeScreen
    }

    /// Where the response leads, as the app's resolver said.
    public enum Destination: String, Hashable, Sendable {
        case ready, inactive, missing, invalid
        /// A group's list of members (its title names them).
        case list
    }

    /// Where a tap on a route notification leads, with the names the app shows.
    ///
    /// ```swift
    /// if case .map(let route, let waypoint)? = entry.routeScreen { print(route.name, waypoint.name) }
    /// entry.routeScreen?.text   // summary "Mitte"  or  map at spot "Brandenburger Tor" of "Mitte"
    /// ```
    public enum RouteScreen: Hashable, Sendable {
        /// The route's summary: the completion was tapped.
        case summary(route: Name)
        /// The map at a spot of the route: that spot's notification was tapped.
        case map(route: Name, waypoint: Name)

        /// An id with the name the app shows for it.
        public struct Name: Hashable, Sendable {
            public var id: String
            public var name: String

            package init(id: String, name: String) {
                self.id = id
                self.name = name
            }
        }

        /// The route's id and name.
        public var route: Name {
            switch self {
            case .summary(let route), .map(let route, _): route
            }
        }

        /// `summary "Mitte"` or `map at spot "Brandenburger Tor" of "Mitte"`.
        package var text: String {
            switch self {
            case .summary(let route): "summary \"\(route.name)\""
            case .map(let route, let waypoint): "map at spot \"\(waypoint.name)\" of \"\(route.name)\""
            }
        }
    }

    /// Seconds the response waited in Herald's queue for the app to be ready.
    package var waited: TimeInterval { date.timeIntervalSince(receivedAt) }

    /// The action's name for people: `tap`, `dismiss`, or the action's id.
    package var actionName: String {
        switch actionIdentifier {
        case NotificationResponse.defaultActionIdentifier: "tap"
        case NotificationResponse.dismissActionIdentifier: "dismiss"
        default: actionIdentifier
        }
    }
}
