import Foundation
import Herald
import HeraldScenario
import Plot

extension HTMLReport {
    /// At most this many waypoints of a route are listed under its map.
    static let listedWaypoints = 500

    /// The walking routes of the run, each with its map (``RouteMap``), its waypoints
    /// and when each was reached, and the regions watched, cut, entered and exited while
    /// it ran; nothing when the run started no route. `end` is where the run stopped:
    /// a walk in progress is followed to there.
    func routesSection(end: Date) -> Node<HTML.BodyContext> {
        let routes = routeTracks.finished(at: end)
        return .if(!routes.isEmpty, .section(
            .id("routes"),
            .h2("Routes"),
            .p(.class("legend"),
               .span(.class("key track"), .text("positions walked")),
               .span(.class("key waypoint"), .text("waypoint, its threshold to scale"))),
            .forEach(routes) { routeFigure($0) }
        ))
    }

    private func routeFigure(_ route: RouteTracks.Route) -> Node<HTML.BodyContext> {
        let session = route.session
        let reachedCount = session.waypoints.filter { route.reached[$0.id] != nil }.count
        var facts = ["started \(TimeText.local(route.started, zone: deviceZoneAt(route.started)))",
                     "threshold \(RouteMap.number(session.proximityThreshold)) m",
                     "\(reachedCount) of \(session.waypoints.count) reached"]
        if let completed = route.completed { facts.append("completed \(completed.date) \(completed.time)") }
        facts.append(route.ended.map { "stopped \(TimeText.local($0, zone: deviceZoneAt($0)))" } ?? "running at the end")
        return .div(
            .class("route"),
            .data(named: "route", value: session.id),
            .h3(.text(session.name.isEmpty ? session.id : "\(session.name) (\(session.id))")),
            .p(.class("route-facts"), .text(facts.joined(separator: ", "))),
            RouteMap(route: route).svg,
            .table(
                .class("route-waypoints"),
                .tr(.th("waypoint"), .th("id"), .th("reached")),
                .forEach(session.waypoints.prefix(Self.listedWaypoints)) { waypoint in
                    .tr(.data(named: "waypoint", value: waypoint.id), .td(.text(waypoint.name)), .td(.text(waypoint.id)),
                        .td(.text(route.reached[waypoint.id].map { "\($0.date) \($0.time)" } ?? "not reached")))
                }
            ),
            .if(session.waypoints.count > Self.listedWaypoints,
                .p(.text("and \(session.waypoints.count - Self.listedWaypoints) more waypoints (\(reachedCount) reached in all)"))),
            .if(route.regions.isEmpty, .p(.class("quiet"), .text("no region changes while it ran"))),
            .if(!route.regions.isEmpty, .table(
                .class("route-regions"),
                .tr(.th("when"), .th("regions"), .th("cut")),
                .forEach(route.regions) { row in
                    .tr(.class(row.kind), .td(.text("\(row.local.date) \(row.local.time)")), .td(.text(row.text)),
                        .td(.text(row.cut.map(String.init) ?? "")))
                }
            )),
            .if(route.moreRegionRows > 0, .p(.text("and \(route.moreRegionRows) more region changes")))
        )
    }
}
