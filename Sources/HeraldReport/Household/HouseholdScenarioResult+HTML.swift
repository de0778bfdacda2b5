import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Plot

extension HouseholdScenarioResult {
    /// The run as one self-contained HTML page: the devices, on how many each occurrence
    /// alerted, then day by day a lane per device (its deliveries, gestures and re-plans
    /// on a 24-hour strip, then its entries, each delivery saying whether it alerted
    /// there), and each device's summary.
    package func htmlPage(reserve: Int) -> String {
        let reports = lanes.map { report(of: $0, reserve: reserve) }
        let first = lanes[0].result
        let dates = Set(reports.flatMap { $0.allDays().map(\.date) }).sorted()
        let html = HTML(
            .lang(.english),
            .head(
                .encoding(.utf8),
                .element(named: "title", nodes: [.escapedText("\(first.name): Herald scenario report")]),
                .style(HTMLReport.css + Self.css)
            ),
            .body(
                .header(
                    .h1(.escapedText(first.name)),
                    .p(.escapedAttribute("class", "subtitle"), .escapedText("\(first.zone.identifier), \(first.start) to \(first.end)")),
                    .p(.escapedAttribute("id", "devices"), .escapedAttribute("class", "subtitle"),
                       .escapedText("devices: " + lanes.map(\.member).map(Self.describe).joined(separator: ", ")))
                ),
                alertsSection(),
                .section(
                    .escapedAttribute("id", "days"),
                    .h2("Day by day, a lane per device"),
                    .forEach(dates) { date in
                        .section(
                            .escapedAttribute("class", "day"),
                            .escapedAttribute("data-date", "\(date)"),
                            .h3(.escapedText(ReportDay(date: date, zones: []).heading)),
                            .forEach(Array(zip(lanes, reports))) { lane, report in
                                report.deviceDay(date, device: lane.member.id)
                            }
                        )
                    }
                ),
                .section(
                    .escapedAttribute("id", "summaries"),
                    .h2("Each device at the end"),
                    .table(
                        .tr(.th("device"), .th("delivered"), .th("still in the list"), .th("pending"), .th("app badge")),
                        .forEach(lanes) { lane in
                            let summary = lane.result.summary
                            return .tr(.escapedAttribute("data-device", lane.member.id), .td(.escapedText(lane.member.id)),
                                       .td(.escapedText("\(summary.delivered)")), .td(.escapedText("\(summary.stillDelivered)")),
                                       .td(.escapedText("\(summary.pending)")), .td(.escapedText("\(summary.appBadge)")))
                        }
                    )
                )
            )
        )
        return html.render(indentedBy: .spaces(1))
    }

    /// One device's report: its timeline, the copies forwarded to it (a Watch), and
    /// each delivery marked `alerted` or `silent`.
    private func report(of lane: Lane, reserve: Int) -> HTMLReport {
        let result = lane.result
        var report = HTMLReport(name: result.name, zone: result.zone, start: result.start, end: result.end,
                                deviceZone: result.deviceZone, capacity: result.summary.capacity, reserve: reserve)
        var timeline = result.timeline
        for event in events where event.device == lane.member.id {
            guard case .delivered(let identifier, _, let from?) = event.kind else { continue }
            let original = lanes.first { $0.member.id == from }?.result.deliveries
                .first { $0.identifier == identifier && $0.date == event.date }
            var copy = TimelineDelivery(date: event.date, local: ZoneConverter.for(result.deviceZone).local(for: event.date),
                                        badge: nil, title: original?.title ?? identifier, body: original?.body ?? "",
                                        identifier: identifier, beforeStart: false)
            copy.interruption = original?.interruption ?? .active
            timeline.append(.delivery(copy))
        }
        for entry in timeline.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }) {
            report.record(entry.element)
        }
        report.annotateDeliveries { item in
            guard let identifier = item.identifier,
                  let alerted = alerted(identifier, on: lane.member.id, at: item.date) else { return nil }
            let forwarding = forwarding(of: identifier, on: lane.member.id, at: item.date)
            if let from = forwarding.from { return ("forwarded", "forwarded from \(from), \(alerted ? "alerted" : "not alerted")") }
            let forwardedTo = forwarding.to
            return alerted ? ("alerted", "alerted") : ("silent", "not alerted" + (forwardedTo.map { ": forwarded to \($0)" } ?? ""))
        }
        return report
    }

    private func alertsSection() -> Node<HTML.BodyContext> {
        .section(
            .escapedAttribute("id", "alerts"),
            .h2("Alerts per occurrence"),
            .if(alerts.isEmpty, .p(.escapedText("Nothing was delivered."))),
            .if(!alerts.isEmpty, .table(
                .tr(.th("occurrence"), .th("alerts"), .th("on")),
                .forEach(alerts) { occurrence in
                    .tr(.escapedAttribute("data-identifier", occurrence.identifier),
                        .td(.escapedText(occurrence.identifier)), .td(.escapedText("\(occurrence.devices.count)")),
                        .td(.escapedText(occurrence.devices.joined(separator: ", "))))
                }
            ))
        )
    }

    private static func describe(_ member: HouseholdMember) -> String {
        let kind = ScenarioHousehold.kinds.first { $0.1 == member.kind }?.0 ?? member.kind.rawValue
        return "\(member.id) (\(kind)\(member.pairedWith.map { ", paired with \($0)" } ?? ""))"
    }

    static let css = """
        .device-day { margin: 6px 0 12px; } .device-day h4 { margin: 4px 0; color: #333; }
        .pin.delivery.silent { background: #9fb6d9; } .pin.delivery.forwarded { background: #6a1b9a; }
        li.delivery.silent .title { color: #666; }
        """
}

extension HTMLReport {
    /// A device's part of a day on a page of several devices: its name, its lane and
    /// its entries.
    func deviceDay(_ date: LocalDate, device: String) -> Node<HTML.BodyContext> {
        let day = allDays().first { $0.date == date } ?? ReportDay(date: date, zones: [zone])
        return .div(
            .escapedAttribute("class", "device-day"),
            .escapedAttribute("data-device", device),
            .h4(.escapedText(device)),
            lane(day),
            .if(day.items.isEmpty, .p(.escapedAttribute("class", "quiet"), .escapedText("nothing happened"))),
            .ol(.escapedAttribute("class", "entries"), .forEach(day.items) { entryRow($0) })
        )
    }
}
