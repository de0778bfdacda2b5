import Foundation
import Herald
import HeraldScenario
import Plot

/// The inline SVG chart of the report: pending requests over the run (Herald's and
/// other code's together) against the center's capacity and the reminders' budget
/// (capacity minus the reserve), with local midnights, zone and clock changes and the
/// coverage horizon and the guaranteed coverage marked.
struct PendingChart {
    struct Point: Sendable {
        var date: Date
        var herald: Int
        var other: Int
        var total: Int { herald + other }
    }

    struct Marker: Sendable {
        var date: Date
        var label: String
    }

    var start: Date
    var end: Date
    var capacity: Int
    var reserve: Int
    var points: [Point]
    var markers: [Marker]
    /// Local midnights inside the run, with the date they start.
    var midnights: [(date: Date, label: String)]
    var coverageHorizon: Date?
    /// The end of the last plan's guaranteed coverage (`nil`: unbounded, or no plan).
    var guaranteedCoverage: Date?

    static let width = 960.0, height = 240.0
    static let left = 44.0, right = 16.0, top = 16.0, bottom = 28.0

    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private var plotHeight: Double { Self.height - Self.top - Self.bottom }
    private var top: Int { max(capacity, points.map(\.total).max() ?? 0) }

    func x(_ date: Date) -> Double {
        let span = max(end.timeIntervalSince(start), 1)
        let fraction = min(max(date.timeIntervalSince(start) / span, 0), 1)
        return (Self.left + fraction * plotWidth).rounded(toPlaces: 1)
    }

    func y(_ count: Int) -> Double {
        y(count, top: top)
    }

    /// `y(count)` for a chart whose highest count is `top` (``top`` reads every point:
    /// a caller placing many points reads it once).
    private func y(_ count: Int, top: Int) -> Double {
        (Self.top + plotHeight - Double(count) / Double(max(top, 1)) * plotHeight).rounded(toPlaces: 1)
    }

    /// The step line through the counts: each holds until the next change. Time set
    /// back by a clock change is drawn where the run had got to, never backwards.
    func path(_ count: (Point) -> Int) -> String {
        let top = self.top
        var commands = ["M \(x(start)) \(y(0))"]
        var lastX = x(start)
        for point in points {
            let px = max(x(point.date), lastX)
            commands.append("H \(px) V \(y(count(point), top: top))")
            lastX = px
        }
        commands.append("H \(x(end))")
        return commands.joined(separator: " ")
    }

    var svg: Node<HTML.BodyContext> {
        var nodes: [Node<HTML.BodyContext>] = [
            .escapedAttribute("viewBox", "0 0 \(Int(Self.width)) \(Int(Self.height))"),
            .escapedAttribute("role", "img"),
            .escapedAttribute("aria-label", "pending requests over time"),
            .escapedAttribute("class", "chart"),
            line(x1: Self.left, y1: y(0), x2: Self.left + plotWidth, y2: y(0), className: "axis"),
            line(x1: Self.left, y1: Self.top, x2: Self.left, y2: y(0), className: "axis"),
        ]
        for midnight in midnights {
            nodes.append(line(x1: x(midnight.date), y1: Self.top, x2: x(midnight.date), y2: y(0), className: "midnight"))
            nodes.append(text(midnight.label, x: x(midnight.date) + 3, y: Self.height - 8, className: "tick"))
        }
        let budget = capacity - reserve
        nodes += [
            line(x1: Self.left, y1: y(capacity), x2: Self.left + plotWidth, y2: y(capacity), className: "capacity"),
            text("capacity \(capacity)", x: Self.left + plotWidth - 4, y: y(capacity) - 4, className: "label end"),
            line(x1: Self.left, y1: y(budget), x2: Self.left + plotWidth, y2: y(budget), className: "budget"),
            text("reminders' budget \(budget) (reserve \(reserve))", x: Self.left + plotWidth - 4, y: y(budget) + 12,
                 className: "label end"),
            text("0", x: Self.left - 6, y: y(0) + 4, className: "label end"),
            text("\(top)", x: Self.left - 6, y: y(top) + 4, className: "label end"),
        ]
        for marker in markers {
            nodes.append(line(x1: x(marker.date), y1: Self.top, x2: x(marker.date), y2: y(0), className: "change"))
            nodes.append(text(marker.label, x: x(marker.date) + 3, y: Self.top + 10, className: "label"))
        }
        if let coverageHorizon, coverageHorizon <= end {
            nodes.append(line(x1: x(coverageHorizon), y1: Self.top, x2: x(coverageHorizon), y2: y(0), className: "horizon"))
            nodes.append(text("coverage horizon", x: x(coverageHorizon) - 3, y: Self.top + 22, className: "label end"))
        }
        if let guaranteedCoverage, guaranteedCoverage <= end {
            nodes.append(line(x1: x(guaranteedCoverage), y1: Self.top, x2: x(guaranteedCoverage), y2: y(0),
                              className: "guaranteed"))
            nodes.append(text("guaranteed coverage", x: x(guaranteedCoverage) - 3, y: Self.top + 34, className: "label end"))
        }
        if points.contains(where: { $0.other > 0 }) {
            nodes.append(pathNode(path(\.herald), className: "herald"))
        }
        nodes.append(pathNode(path(\.total), className: "pending"))
        return .element(named: "svg", nodes: nodes)
    }

    private func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String) -> Node<HTML.BodyContext> {
        .element(named: "line", nodes: [
            .escapedAttribute("x1", "\(x1)"), .escapedAttribute("y1", "\(y1)"),
            .escapedAttribute("x2", "\(x2)"), .escapedAttribute("y2", "\(y2)"),
            .escapedAttribute("class", className),
        ])
    }

    private func text(_ content: String, x: Double, y: Double, className: String) -> Node<HTML.BodyContext> {
        .element(named: "text", nodes: [
            .escapedAttribute("x", "\(x)"), .escapedAttribute("y", "\(y)"), .escapedAttribute("class", className),
            .escapedText(content),
        ])
    }

    private func pathNode(_ d: String, className: String) -> Node<HTML.BodyContext> {
        .element(named: "path", nodes: [.escapedAttribute("d", d), .escapedAttribute("class", className)])
    }
}

extension Double {
    /// The value rounded to `places` decimals, so the SVG stays short.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
