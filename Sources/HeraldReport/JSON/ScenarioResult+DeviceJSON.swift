import Foundation
import Herald
import HeraldScenario
import HeraldSimulator

// The JSON lines of the device's side of the timeline: lifecycle changes, the user's
// gestures, in-app prompts and routes. Keys are snake_case, instants UTC next to local.

/// `not-running`, `background`, `foreground`: as the scenario file spells app states.
public enum AppStateName {
    public static func of(_ state: AppState) -> String {
        switch state {
        case .notRunning: "not-running"
        case .background: "background"
        case .foreground: "foreground"
        }
    }
}

struct LifecycleLine: Encodable {
    var type = "lifecycle"
    var utc: String
    var local: String
    var change: String
    var state: String?
    var authorization: String?
    /// With `change` `settings`: the alert, sound and badge switches now.
    var settings: NotificationSettings?
    /// With `change` `location_access`: the access now (`always`, `when_in_use`, ...).
    var locationAccess: String?
    var description: String

    enum CodingKeys: String, CodingKey {
        case type, utc, local, change, state, authorization, settings, description
        case locationAccess = "location_access"
    }

    init(_ entry: TimelineLifecycle) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        change = entry.change.name
        description = entry.change.description
        switch entry.change {
        case .launched(let state): self.state = AppStateName.of(state)
        case .authorization(let status): authorization = status.rawValue
        case .notificationSettings(let now): settings = now
        case .locationAccess(let access): locationAccess = LocationAccessName.of(access)
        default: break
        }
    }
}

struct UserLine: Encodable {
    var type = "user"
    var utc: String
    var local: String
    var gesture: String
    var identifier: String?
    var action: String?
    var text: String?
    /// The alarm's button pressed: `stop`, `snooze` or an action's id.
    var button: String?
    var inPrompt: Bool?

    init(_ entry: TimelineUserAction) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        gesture = entry.gesture.name
        identifier = entry.identifier.isEmpty ? nil : entry.identifier
        switch entry.gesture {
        case .action(let id): action = id
        case .text(let id, let typed):
            action = id
            text = typed
        case .alarm(let pressed): button = ScenarioEvent.Action.name(of: pressed)
        default: break
        }
        inPrompt = entry.inPrompt ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, gesture, identifier, action, text, button
        case inPrompt = "in_prompt"
    }
}

struct PromptLine: Encodable {
    struct Action: Encodable {
        var id: String
        var title: String
    }

    var type = "prompt"
    var utc: String
    var local: String
    var identifier: String
    var title: String
    var actions: [Action]

    init(_ entry: TimelinePrompt) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        identifier = entry.identifier
        title = entry.title
        actions = entry.actions.map { Action(id: $0.id, title: $0.title) }
    }
}

struct RouteLine: Encodable {
    var type = "route"
    var utc: String
    var local: String
    var identifier: String
    var action: String
    var destination: String
    var entity: String?
    var title: String?
    var invalidReason: String?
    var effect: String
    var day: String?
    var snoozedUntil: String?
    var snoozedUntilLocal: String?
    var text: String?
    var receivedUTC: String
    var waitedSeconds: Double
    var badge: Int
    /// For a route notification, the screen it opens (``TimelineRoute/routeScreen``).
    var opens: RouteScreen?

    /// `{"screen": "summary", "route": "mitte", "route_name": "Mitte"}`, or `"map"` with
    /// the spot's `waypoint` and `waypoint_name`.
    struct RouteScreen: Encodable {
        var screen: String
        var route: String
        var routeName: String
        var waypoint: String?
        var waypointName: String?

        init(_ screen: TimelineRoute.RouteScreen) {
            route = screen.route.id
            routeName = screen.route.name
            switch screen {
            case .summary:
                self.screen = "summary"
            case .map(_, let spot):
                self.screen = "map"
                waypoint = spot.id
                waypointName = spot.name
            }
        }

        enum CodingKeys: String, CodingKey {
            case screen, route, waypoint
            case routeName = "route_name"
            case waypointName = "waypoint_name"
        }
    }

    init(_ route: TimelineRoute, zone: TimeZone) {
        utc = TimeText.utc(route.date)
        local = route.local.description
        identifier = route.identifier
        action = route.actionName
        destination = route.destination.rawValue
        entity = route.entity?.description
        title = route.title
        invalidReason = route.invalidReason
        switch route.effect {
        case .none:
            effect = "none"
        case .completed(let completed):
            effect = "completed"
            day = completed.description
        case .snoozed(let until):
            effect = "snoozed"
            snoozedUntil = TimeText.utc(until)
            snoozedUntilLocal = ZoneConverter.for(zone).local(for: until).description
        case .deferredToTomorrow(let deferred):
            effect = "deferred"
            day = deferred.description
        case .completedAll(let days):
            effect = "completed_all"
            day = days.map(\.description).joined(separator: ", ")
        }
        text = route.text
        receivedUTC = TimeText.utc(route.receivedAt)
        waitedSeconds = route.waited
        badge = route.badge
        opens = route.routeScreen.map(RouteScreen.init)
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, identifier, action, destination, entity, title, effect, day, text, badge, opens
        case invalidReason = "invalid_reason"
        case snoozedUntil = "snoozed_until"
        case snoozedUntilLocal = "snoozed_until_local"
        case receivedUTC = "received_utc"
        case waitedSeconds = "waited_seconds"
    }
}
