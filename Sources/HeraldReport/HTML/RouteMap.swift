import Foundation
import Herald
import HeraldScenario
import Plot

/// The inline SVG map of one walking route of the run: the positions walked as a
/// polyline, each waypoint as a circle of the route's threshold, to scale, labelled with
/// its name and when it was reached (or `not reached`).
///
/// The projection is the simplest that keeps a walk's shape: equirectangular around the
/// middle latitude of what is drawn (x = longitude × cos(middle latitude), y = latitude,
/// both in degrees, a degree being ``metresPerDegree`` metres either way), scaled by one
/// factor to fit the bounding box of the track and the circles into the map less its
/// margin, and centred. Good for a city walk; a route across the antimeridian or near a
/// pole is drawn stretched.
///
/// ```swift
/// let map = RouteMap(route: routes[0])
/// map.point(waypoint.coordinate)   // (x: 180, y: 160) in the 480 × 320 view box
/// map.length(25)                   // a 25 m threshold, in the map's units
/// ```
struct RouteMap {
    static let width = 480.0, height = 320.0, margin = 20.0
    /// Only the first this many waypoints are labelled (more would overlap); every one
    /// is drawn.
    static let labelledWaypoints = 100
    /// Metres in one degree of a great circle on the sphere Herald measures on.
    static let metresPerDegree = Coordinate.earthRadius * .pi / 180

    let route: RouteTracks.Route
    /// cos(middle latitude): the x scale of a degree of longitude.
    private let cosine: Double
    private let minX: Double
    private let maxY: Double
    private let scale: Double
    private let offsetX: Double
    private let offsetY: Double

    init(route: RouteTracks.Route) {
        self.route = route
        let centres = route.session.waypoints.map(\.coordinate)
        let latitudes = (route.track + centres).map(\.latitude)
        let middle = ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2
        let cosine = cos(middle * .pi / 180)
        self.cosine = cosine
        let radius = route.session.proximityThreshold / Self.metresPerDegree
        // The bounding box in projected degrees: the track's points, the circles whole.
        let boxes = route.track.map { (x: $0.longitude * cosine, y: $0.latitude, r: 0.0) }
            + centres.map { (x: $0.longitude * cosine, y: $0.latitude, r: radius) }
        let minX = boxes.map { $0.x - $0.r }.min() ?? 0, maxX = boxes.map { $0.x + $0.r }.max() ?? 0
        let minY = boxes.map { $0.y - $0.r }.min() ?? 0, maxY = boxes.map { $0.y + $0.r }.max() ?? 0
        let spanX = max(maxX - minX, 1e-12), spanY = max(maxY - minY, 1e-12)
        let innerWidth = Self.width - 2 * Self.margin, innerHeight = Self.height - 2 * Self.margin
        scale = min(innerWidth / spanX, innerHeight / spanY)
        self.minX = minX
        self.maxY = maxY
        offsetX = Self.margin + (innerWidth - spanX * scale) / 2
        offsetY = Self.margin + (innerHeight - spanY * scale) / 2
    }

    /// Where a coordinate is drawn, in the view box (y grows southward).
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        (offsetX + (coordinate.longitude * cosine - minX) * scale, offsetY + (maxY - coordinate.latitude) * scale)
    }

    /// A distance in metres, in the view box's units.
    func length(_ metres: Double) -> Double {
        metres / Self.metresPerDegree * scale
    }

    /// `Spot A, 15:19:45` or `Spot B, not reached`.
    static func label(_ waypoint: Waypoint, reached: LocalDateTime?) -> String {
        let name = waypoint.name.isEmpty ? waypoint.id : waypoint.name
        return "\(name), " + (reached.map { "\($0.time)" } ?? "not reached")
    }

    var svg: Node<HTML.BodyContext> {
        var nodes: [Node<HTML.BodyContext>] = [
            .escapedAttribute("viewBox", "0 0 \(Int(Self.width)) \(Int(Self.height))"),
            .escapedAttribute("role", "img"),
            .escapedAttribute("aria-label", "map of route \(route.session.name)"),
            .escapedAttribute("class", "route-map"),
        ]
        let radius = length(route.session.proximityThreshold)
        for (index, waypoint) in route.session.waypoints.enumerated() {
            let centre = point(waypoint.coordinate)
            let reached = route.reached[waypoint.id]
            nodes.append(.element(named: "circle", nodes: [
                .escapedAttribute("class", "waypoint \(reached == nil ? "not-reached" : "reached")"),
                .escapedAttribute("data-waypoint", waypoint.id),
                .escapedAttribute("cx", Self.number(centre.x)), .escapedAttribute("cy", Self.number(centre.y)),
                .escapedAttribute("r", Self.number(radius)),
            ]))
            guard index < Self.labelledWaypoints else { continue }
            nodes.append(.element(named: "text", nodes: [
                .escapedAttribute("class", "waypoint-label"), .escapedAttribute("data-waypoint", waypoint.id),
                .escapedAttribute("x", Self.number(centre.x)),
                .escapedAttribute("y", Self.number(centre.y - radius - 4)),
                .escapedText(Self.label(waypoint, reached: reached)),
            ]))
        }
        if !route.track.isEmpty {
            let points = route.track.map(point).map { "\(Self.number($0.x)),\(Self.number($0.y))" }
            nodes.append(.element(named: "polyline", nodes: [
                .escapedAttribute("class", "track"), .escapedAttribute("points", points.joined(separator: " ")),
            ]))
            let start = point(route.track[0])
            nodes.append(.element(named: "circle", nodes: [
                .escapedAttribute("class", "track-start"), .escapedAttribute("cx", Self.number(start.x)),
                .escapedAttribute("cy", Self.number(start.y)), .escapedAttribute("r", "3"),
            ]))
        }
        return .element(named: "svg", nodes: nodes)
    }

    /// A coordinate of the view box, to two decimals, without a trailing `.0`: `180`, `160.25`.
    static func number(_ value: Double) -> String {
        let rounded = value.rounded(toPlaces: 2)
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? "\(Int(rounded))" : "\(rounded)"
    }
}
