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
            .escapedAttribute("id", "routes"),
            .h2("Routes"),
            .p(.escapedAttribute("class", "legend"),
               .span(.escapedAttribute("class", "key track"), .escapedText("positions walked")),
               .span(.escapedAttribute("class", "key waypoint"), .escapedText("waypoint, its threshold to scale"))),
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
            .escapedAttribute("class", "route"),
            .escapedAttribute("data-route", session.id),
            .h3(.escapedText(session.name.isEmpty ? session.id : "\(session.name) (\(session.id))")),
            .p(.escapedAttribute("class", "route-facts"), .escapedText(facts.joined(separator: ", "))),
            RouteMap(route: route).svg,
            .table(
                .escapedAttribute("class", "route-waypoints"),
                .tr(.th("waypoint"), .th("id"), .th("reached")),
                .forEach(session.waypoints.prefix(Self.listedWaypoints)) { waypoint in
                    .tr(.escapedAttribute("data-waypoint", waypoint.id), .td(.escapedText(waypoint.name)), .td(.escapedText(waypoint.id)),
                        .td(.escapedText(route.reached[waypoint.id].map { "\($0.date) \($0.time)" } ?? "not reached")))
                }
            ),
            .if(session.waypoints.count > Self.listedWaypoints,
                .p(.escapedText("and \(session.waypoints.count - Self.listedWaypoints) more waypoints (\(reachedCount) reached in all)"))),
            .if(route.regions.isEmpty, .p(.escapedAttribute("class", "quiet"), .escapedText("no region changes while it ran"))),
            .if(!route.regions.isEmpty, .table(
                .escapedAttribute("class", "route-regions"),
                .tr(.th("when"), .th("regions"), .th("cut")),
                .forEach(route.regions) { row in
                    .tr(.escapedAttribute("class", row.kind), .td(.escapedText("\(row.local.date) \(row.local.time)")),
                        .td(.escapedText(row.text)),
                        .td(.escapedText(row.cut.map(String.init) ?? "")))
                }
            )),
            .if(route.moreRegionRows > 0, .p(.escapedText("and \(route.moreRegionRows) more region changes")))
        )
    }
}
