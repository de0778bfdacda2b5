import Foundation
import Herald
import HeraldScenario

/// `region`: a region entry or exit the app heard of, `region` holding `id`, `name`,
/// `kind` (`entered` or `exited`) and `place` (`waypoint`, `location_reminder`; absent
/// when unknown), with `crossed_utc` (when the boundary was crossed) and `note`.
struct RegionLine: Encodable {
    struct Region: Encodable {
        var id: String
        var name: String
        var kind: String
        var place: String?
    }

    var type = "region"
    var utc: String
    var local: String
    var region: Region
    var crossedUTC: String
    var note: String?
    var description: String

    init(_ entry: TimelineRegion) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        region = Region(id: entry.identifier, name: entry.name, kind: entry.kind.rawValue,
                        place: entry.place.map(PlaceName.of))
        crossedUTC = TimeText.utc(entry.crossedAt)
        note = entry.note
        description = entry.text
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, region, note, description
        case crossedUTC = "crossed_utc"
    }
}

/// `regions`: the places the plan watches and how many it cuts, `regions` holding
/// `watched`, a list of `{id, name, place}` in the plan's order, and `cut`, a count.
struct RegionsLine: Encodable {
    struct Place: Encodable {
        var id: String
        var name: String
        var place: String
    }

    /// What the user's location access held back (absent when nothing was).
    struct Withheld: Encodable {
        var access: String
        var waypoints: Int
        var locationReminders: Int

        enum CodingKeys: String, CodingKey {
            case access, waypoints
            case locationReminders = "location_reminders"
        }
    }

    struct Regions: Encodable {
        var watched: [Place]
        var cut: Int
        var withheld: Withheld?
    }

    var type = "regions"
    var utc: String
    var local: String
    var regions: Regions
    var description: String

    init(_ entry: TimelineRegions) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        regions = Regions(watched: entry.watched.map { Place(id: $0.identifier, name: $0.name, place: PlaceName.of($0.kind)) },
                          cut: entry.cut,
                          withheld: entry.withheld.map {
                              Withheld(access: LocationAccessName.of($0.access), waypoints: $0.waypoints,
                                       locationReminders: $0.locationReminders)
                          })
        description = entry.text
    }
}

/// `route_progress`: a waypoint reached or the route completed, `route` holding
/// `notification` (`spot` or `completion`), the route's `id` and `name`, for a spot
/// `waypoint` and `waypoint_name`, `visited` and `total`, for the completion `distance`
/// (metres) and `duration` (seconds), `sent`, and `suppressed` (why not) when not sent.
struct RouteProgressLine: Encodable {
    struct Progress: Encodable {
        var notification: String
        var id: String
        var name: String
        var waypoint: String?
        var waypointName: String?
        var visited: Int
        var total: Int
        var distance: Double?
        var duration: Double?
        var sent: Bool
        var suppressed: String?

        enum CodingKeys: String, CodingKey {
            case notification, id, name, waypoint, visited, total, distance, duration, sent, suppressed
            case waypointName = "waypoint_name"
        }
    }

    var type = "route_progress"
    var utc: String
    var local: String
    var route: Progress
    var description: String

    init(_ entry: TimelineRouteProgress) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        route = Progress(
            notification: entry.notification.rawValue, id: entry.routeID, name: entry.routeName,
            waypoint: entry.waypointID, waypointName: entry.waypointName, visited: entry.visited, total: entry.total,
            distance: entry.distance.map { ($0 * 10).rounded() / 10 }, duration: entry.duration,
            sent: entry.suppressed == nil, suppressed: entry.suppressed)
        description = entry.text
    }
}

/// The JSON name of a kind of monitored place.
enum PlaceName {
    static func of(_ kind: MonitoredPlace.Kind) -> String {
        switch kind {
        case .waypoint: "waypoint"
        case .locationReminder: "location_reminder"
        }
    }
}

/// `always`, `when_in_use`, `denied`, `not_determined`: as the scenario file spells
/// location access.
public enum LocationAccessName {
    public static func of(_ access: LocationAccess) -> String {
        switch access {
        case .always: "always"
        case .whenInUse: "when_in_use"
        case .denied: "denied"
        case .notDetermined: "not_determined"
        }
    }
}
