import Foundation
import Herald
import HeraldScenario
import Plot

extension HTMLReport {
    /// At most this many cuts are listed on the page; the count says how many there were.
    static let listedCuts = 500

    /// The page, once the run has ended: the entries recorded so far and the run's summary.
    public func render(summary: ScenarioSummary) -> String {
        let endZone = days.last?.zones.last ?? zone
        let scenarioTime = ZoneConverter.for(zone)
        let startDate = scenarioTime.instant(for: start).date
        let endDate = scenarioTime.instant(for: end).date
        let chart = PendingChart(
            start: startDate, end: endDate, capacity: capacity, reserve: reserve, points: pending, markers: changes,
            midnights: allDays().compactMap { day in
                let midnight = scenarioTime.instant(for: LocalDateTime(date: day.date, time: LocalTime(hour: 0))).date
                return midnight > startDate && midnight < endDate ? (midnight, "\(day.date)") : nil
            },
            coverageHorizon: summary.coverageHorizon, guaranteedCoverage: summary.guaranteedCoverage?.date)
        let html = HTML(
            .lang(.english),
            .head(
                .encoding(.utf8),
                .element(named: "title", nodes: [.escapedText("\(name): Herald scenario report")]),
                .meta(.escaped("name", "twitter:title"), .escaped("content", "\(name): Herald scenario report")),
                .meta(.escaped("property", "og:title"), .escaped("content", "\(name): Herald scenario report")),
                .style(Self.css)
            ),
            .body(
                .header(
                    .h1(.escapedText(name)),
                    .p(.escapedAttribute("class", "subtitle"), .escapedText("\(zone.identifier), \(start) to \(end)")),
                    .if(notificationSettings != .allOn,
                        .p(.escapedAttribute("id", "start-settings"), .escapedAttribute("class", "subtitle"),
                           .escapedText("settings: \(notificationSettings)")))
                ),
                summarySection(summary, zone: endZone),
                .section(
                    .escapedAttribute("id", "pending"),
                    .h2("Pending requests"),
                    .p(.escapedAttribute("class", "legend"),
                       .span(.escapedAttribute("class", "key pending"), .escapedText("pending")),
                       .span(.escapedAttribute("class", "key budget"), .escapedText("reminders' budget (capacity − reserve)")),
                       .span(.escapedAttribute("class", "key capacity"), .escapedText("capacity")),
                       .span(.escapedAttribute("class", "key horizon"), .escapedText("coverage horizon")),
                       .span(.escapedAttribute("class", "key guaranteed"), .escapedText("guaranteed coverage (without the app)")),
                       .span(.escapedAttribute("class", "key change"), .escapedText("zone or clock change"))),
                    chart.svg
                ),
                routesSection(end: summary.endedAt ?? endDate),
                .section(
                    .escapedAttribute("id", "days"),
                    .h2("Day by day"),
                    .forEach(allDays()) { daySection($0) }
                ),
                cutsSection(summary, zone: endZone)
            )
        )
        return html.render(indentedBy: .spaces(1))
    }

    private func summarySection(_ summary: ScenarioSummary, zone: TimeZone) -> Node<HTML.BodyContext> {
        let coverage = TimeText.coverage(summary.coverageHorizon, horizonEnd: summary.horizonEnd, zone: zone)
        let rows: [(String, String, String)] = [
            ("delivered", "delivered", "\(summary.delivered)"),
            ("still-delivered", "still in the list", "\(summary.stillDelivered)"),
            ("pending", "pending at the end", "\(summary.pending)"),
            ("app-badge", "app badge", "\(summary.appBadge)" + (summary.notificationSettings.badge ? "" : " (not shown: badges off)")),
            ("settings", "settings", "\(summary.notificationSettings)"),
            ("reconciles", "re-plans", "\(summary.reconciles)"),
            ("routes", "routes", "\(summary.routes)"),
            ("coverage-horizon", "coverage horizon", coverage),
            ("guaranteed-coverage", "guaranteed coverage", TimeText.guaranteed(summary.guaranteedCoverage, zone: zone)),
            ("refresh-deadline", "refresh deadline",
             TimeText.refreshDeadline(summary.refreshDeadline, planned: summary.guaranteedCoverage != nil, zone: zone)),
            ("cuts", "cut occurrences", "\(summary.cuts)"),
            ("dropped", "dropped requests", "\(summary.dropped)"),
        ] + (summary.smartTiming.map { [("smart-timing", "smart timing", $0.text)] } ?? [])
        return .section(
            .escapedAttribute("id", "summary"),
            .h2("Summary"),
            .table(.forEach(rows) { row in
                .tr(.escapedAttribute("id", "summary-\(row.0)"), .th(.escapedText(row.1)), .td(.escapedText(row.2)))
            }),
            .unwrap(summary.dropWarning) { .p(.escapedAttribute("class", "warning"), .escapedText("warning: \($0)")) }
        )
    }

    private func daySection(_ day: ReportDay) -> Node<HTML.BodyContext> {
        .section(
            .escapedAttribute("class", "day"),
            .escapedAttribute("data-date", "\(day.date)"),
            .h3(.escapedText(day.heading)),
            .forEach(day.transitions()) { .p(.escapedAttribute("class", "mark dst"), .escapedText("DST: \($0)")) },
            .forEach(day.zones.count > 1 ? [day.zones.map(\.identifier).joined(separator: " → ")] : []) {
                .p(.escapedAttribute("class", "mark zone-change"), .escapedText("zones this day: \($0)"))
            },
            lane(day),
            .if(day.items.isEmpty, .p(.escapedAttribute("class", "quiet"), .escapedText("nothing happened"))),
            .ol(.escapedAttribute("class", "entries"), .forEach(day.items) { entryRow($0) })
        )
    }

    /// The day as a 24-hour strip: deliveries, gestures and re-plans at their local time.
    func lane(_ day: ReportDay) -> Node<HTML.BodyContext> {
        let shown = day.items.filter { [.delivery, .user, .route, .reconcile].contains($0.kind) }
        return .div(
            .escapedAttribute("class", "lane"),
            .forEach([0, 6, 12, 18]) { hour in
                .span(.escapedAttribute("class", "hour"), .escapedAttribute("style", "left: \(Double(hour) * 100 / 24)%"),
                      .escapedText("\(TimeText.two(hour)):00"))
            },
            .forEach(shown) { item in
                .span(
                    .escapedAttribute("class", "pin \(item.kind.rawValue) \(item.marks.joined(separator: " "))"),
                    .escapedAttribute("style", "left: \(item.percentOfDay.rounded(toPlaces: 2))%"),
                    .escapedAttribute("title", "\(item.time) \(item.text)"),
                    .escapedText(item.kind == .delivery ? (item.badge.map(String.init) ?? "•") : "")
                )
            }
        )
    }

    func entryRow(_ item: ReportItem) -> Node<HTML.ListContext> {
        .li(
            .escapedAttribute("class", "\(item.kind.rawValue) \(item.marks.joined(separator: " "))"),
            .escapedAttribute("data-kind", item.kind.rawValue),
            .escapedAttribute("data-local",
                              "\(item.local.date)T\(TimeText.two(item.local.time.hour)):\(TimeText.two(item.local.time.minute))"),
            .unwrap(item.identifier) { .escapedAttribute("data-identifier", $0) },
            .unwrap(item.badge) { .escapedAttribute("data-badge", "\($0)") },
            .element(named: "time", nodes: [.escapedText(item.time)]),
            .if(item.kind == .delivery,
                .group(
                    .span(.escapedAttribute("class", "badge"), .escapedText(item.badge.map { "badge \($0)" } ?? "no badge")),
                    .span(.escapedAttribute("class", "title"), .escapedText(item.title ?? "")),
                    .unwrap(item.detail) { .span(.escapedAttribute("class", "presentation"), .escapedText($0)) },
                    storyDetails(storyKey(of: item))
                ),
                else: .span(.escapedAttribute("class", "text"), .escapedText(item.text)))
        )
    }

    private func cutsSection(_ summary: ScenarioSummary, zone: TimeZone) -> Node<HTML.BodyContext> {
        let listed = summary.cutList.prefix(Self.listedCuts)
        return .section(
            .escapedAttribute("id", "cuts"),
            .h2("Cuts of the last plan"),
            .if(summary.cuts == 0, .p(.escapedText("The last plan cut nothing: every due reminder in its horizon is scheduled."))),
            .if(summary.cuts > 0, .table(
                .tr(.th("when"), .th("entity"), .th("rule"), .th("reason"), .th("why")),
                .forEach(listed) { cut in
                    .tr(.escapedAttribute("class", "cut"), .td(.escapedText(TimeText.local(cut.date, zone: zone))),
                        .td(.escapedText("\(cut.entity)")),
                        .td(.escapedText(cut.rule)), .td(.escapedText(cut.reason.description)),
                        .td(storyDetails(Self.storyKey(ReminderRule.ID(entity: cut.entity, rule: cut.rule), at: cut.local))))
                }
            )),
            .if(summary.cuts > listed.count || summary.moreCuts,
                .p(.escapedText(summary.moreCuts ? "and more (over \(summary.cuts) in all)"
                                          : "and \(summary.cuts - listed.count) more (\(summary.cuts) in all)")))
        )
    }

    static let css = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d1d1f; background: #fff; }
        h1 { margin: 0 0 4px; font-size: 24px; } h2 { margin-top: 28px; } .subtitle { color: #555; margin: 0; }
        table { border-collapse: collapse; } th, td { text-align: left; padding: 2px 12px 2px 0; }
        #summary th { font-weight: normal; color: #555; }
        .legend .key { margin-right: 16px; } .legend .key::before { content: ""; display: inline-block;
          width: 18px; height: 3px; margin-right: 6px; vertical-align: middle; }
        .key.pending::before { background: #0a64d6; } .key.budget::before { background: #e08a00; }
        .key.capacity::before { background: #c62828; } .key.horizon::before { background: #2e7d32; }
        .key.guaranteed::before { background: #00838f; }
        .key.change::before { background: #8e24aa; }
        svg.chart { width: 100%; max-width: 960px; height: auto; background: #fafafa; border: 1px solid #ddd; }
        svg .axis { stroke: #888; } svg .midnight { stroke: #ccc; stroke-dasharray: 2 3; }
        svg .capacity { stroke: #c62828; stroke-dasharray: 6 4; } svg .budget { stroke: #e08a00; stroke-dasharray: 6 4; }
        svg .horizon { stroke: #2e7d32; stroke-width: 2; }
        svg .guaranteed { stroke: #00838f; stroke-width: 2; stroke-dasharray: 6 3; } svg .change { stroke: #8e24aa; stroke-width: 2; }
        svg .pending { fill: none; stroke: #0a64d6; stroke-width: 2.5; } svg .herald { fill: none; stroke: #5c9ded; stroke-dasharray: 3 2; }
        svg text { font-size: 11px; fill: #444; } svg .end { text-anchor: end; }
        .day { border-top: 1px solid #ddd; padding-top: 8px; margin-top: 16px; }
        .day h3 { margin: 4px 0; } .mark { margin: 2px 0; font-weight: 600; } .dst { color: #b35c00; }
        .zone-change, .clock-change { color: #8e24aa; } .quiet { color: #888; }
        .lane { position: relative; height: 34px; margin: 10px 0; background: linear-gradient(#eef3fb, #e3ebf7);
          border-radius: 4px; }
        .lane .hour { position: absolute; top: 20px; font-size: 10px; color: #667; padding-left: 2px;
          border-left: 1px solid #b8c4d8; height: 14px; }
        .pin { position: absolute; top: 3px; transform: translateX(-50%); min-width: 16px; height: 16px;
          border-radius: 8px; font-size: 10px; line-height: 16px; text-align: center; color: #fff; }
        .pin.delivery { background: #0a64d6; } .pin.delivery.before-start { background: #999; }
        .pin.user { background: #2e7d32; width: 8px; min-width: 8px; height: 8px; top: 7px; }
        .pin.route { background: #00897b; width: 8px; min-width: 8px; height: 8px; top: 7px; border-radius: 0; }
        .pin.reconcile { background: #e08a00; width: 3px; min-width: 3px; border-radius: 0; }
        ol.entries { list-style: none; padding: 0; margin: 0; font-size: 13px; }
        ol.entries li { padding: 1px 0; } ol.entries time { display: inline-block; width: 110px; color: #555; white-space: nowrap; }
        li.delivery .badge { display: inline-block; width: 70px; font-weight: 600; color: #0a64d6; }
        li.delivery .title { font-weight: 600; margin-right: 8px; } li.delivery .presentation { color: #666; }
        li.reconcile { color: #8a5a00; } li.user { color: #2e7d32; } li.route { color: #00695c; }
        li.lifecycle, li.event { color: #444; } li.smart-timing { color: #6a1b9a; } li.travel { color: #00695c; } li.before-start { color: #999; }
        li.region, li.regions { color: #37474f; } li.route-progress { color: #00695c; font-weight: 600; }
        li.day-change { font-weight: 600; } li.zone-change, li.clock-change { color: #8e24aa; font-weight: 600; }
        .warning { color: #c62828; font-weight: 600; }
        .key.track::before { background: #0a64d6; } .key.waypoint::before { background: #e08a00; }
        svg.route-map { width: 100%; max-width: 480px; height: auto; background: #f4f7f2; border: 1px solid #ddd; }
        svg .track { fill: none; stroke: #0a64d6; stroke-width: 2; } svg .track-start { fill: #0a64d6; }
        svg .waypoint { fill: rgba(224, 138, 0, 0.15); stroke: #e08a00; } svg .waypoint.not-reached { stroke-dasharray: 3 2; }
        svg .waypoint-label { font-size: 11px; fill: #444; text-anchor: middle; }
        .route-facts { color: #555; } table.route-regions td, table.route-waypoints td { font-size: 13px; }
        tr.cut td { font-size: 13px; }
        details.story { font-size: 12px; margin-top: 2px; }
        details.story summary { cursor: pointer; color: #555; }
        details.story ol { margin: 2px 0 4px 16px; padding: 0; }
        """
}
