import Foundation
import Herald

extension ScenarioResult {
    /// The timeline as JSON Lines: one object per entry, `type` `delivery`, `event` or
    /// `reconcile`, then one `summary`. Keys are sorted and instants are UTC ISO 8601
    /// (`utc`) next to the local date-time (`local`), so the output is stable.
    ///
    /// ```text
    /// {"badge":1,"identifier":"herald:reminder:habit:stretch:morning:20261121T0900","local":"2026-11-21T09:00","title":"Stretch","type":"delivery","utc":"2026-11-21T08:00:00Z"}
    /// ```
    public func jsonLines() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [String] = []
        func append(_ value: some Encodable) {
            // Encoding these plain records cannot fail.
            let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
            lines.append(String(decoding: data, as: UTF8.self))
        }
        for entry in timeline {
            switch entry {
            case .delivery(let delivery): append(DeliveryLine(delivery))
            case .event(let event): append(EventLine(event))
            case .reconcile(let reconcile): append(ReconcileLine(reconcile))
            }
        }
        append(SummaryLine(self))
        return lines.joined(separator: "\n") + "\n"
    }
}

private struct DeliveryLine: Encodable {
    var type = "delivery"
    var utc: String
    var local: String
    var badge: Int?
    var title: String
    var body: String
    var identifier: String
    var alreadyDelivered: Bool?

    init(_ delivery: TimelineDelivery) {
        utc = TimeText.utc(delivery.date)
        local = delivery.local.description
        badge = delivery.badge
        title = delivery.title
        body = delivery.body
        identifier = delivery.identifier
        alreadyDelivered = delivery.beforeStart ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, badge, title, body, identifier
        case alreadyDelivered = "already_delivered"
    }
}

private struct EventLine: Encodable {
    var type = "event"
    var utc: String
    var local: String
    var event: String
    var entities: [String]
    var day: String?
    var description: String

    init(_ entry: TimelineEvent) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        event = entry.action.kind
        description = entry.action.description
        switch entry.action {
        case .complete(let entity, let day):
            entities = [entity.description]
            self.day = day?.description
        case .pause(let entity), .resume(let entity):
            entities = [entity.description]
        case .delete(let gone):
            entities = gone.map(\.description)
        case .edit(let edit):
            entities = [edit.entity.description]
        case .import(_, let imported):
            entities = imported.map(\.reference.description)
        }
    }
}

private struct ReconcileLine: Encodable {
    var type = "reconcile"
    var utc: String
    var local: String
    var reasons: [String]
    var added: Int
    var removed: Int
    var unchanged: Int
    var failedAdds: Int
    var planned: Int?
    var badgeSet: Int?
    var coverageHorizon: String?
    var failure: String?

    init(_ reconcile: TimelineReconcile) {
        utc = TimeText.utc(reconcile.date)
        local = reconcile.local.description
        reasons = reconcile.reasons
        added = reconcile.added
        removed = reconcile.removed
        unchanged = reconcile.unchanged
        failedAdds = reconcile.failedAdds
        planned = reconcile.planned
        badgeSet = reconcile.badgeSet
        coverageHorizon = reconcile.coverageHorizon.map(TimeText.utc)
        failure = reconcile.failure
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, reasons, added, removed, unchanged, planned, failure
        case failedAdds = "failed_adds"
        case badgeSet = "badge_set"
        case coverageHorizon = "coverage_horizon"
    }
}

private struct SummaryLine: Encodable {
    var type = "summary"
    var name: String
    var zone: String
    var start: String
    var end: String
    var delivered: Int
    var stillDelivered: Int
    var pending: Int
    var appBadge: Int
    var reconciles: Int
    var coverageHorizon: String?
    var coversHorizon: Bool
    var cuts: Int

    init(_ result: ScenarioResult) {
        let summary = result.summary
        name = result.name
        zone = result.zone.identifier
        start = result.start.description
        end = result.end.description
        delivered = summary.delivered
        stillDelivered = summary.stillDelivered
        pending = summary.pending
        appBadge = summary.appBadge
        reconciles = summary.reconciles
        coverageHorizon = summary.coverageHorizon.map(TimeText.utc)
        if let horizon = summary.coverageHorizon, let end = summary.horizonEnd {
            coversHorizon = horizon >= end
        } else {
            coversHorizon = false
        }
        cuts = summary.cuts
    }

    enum CodingKeys: String, CodingKey {
        case type, name, zone, start, end, delivered, pending, reconciles, cuts
        case stillDelivered = "still_delivered"
        case appBadge = "app_badge"
        case coverageHorizon = "coverage_horizon"
        case coversHorizon = "covers_horizon"
    }
}
