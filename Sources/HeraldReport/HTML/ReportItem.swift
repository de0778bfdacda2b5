import Foundation
import Herald
import HeraldScenario

/// One row of a day's lane in the HTML report: what happened, when (local time in the
/// device's zone then), and the few facts the page shows of it.
struct ReportItem: Sendable {
    enum Kind: String, Sendable {
        case delivery, prompt, event, reconcile, lifecycle, user, route, region, regions, travel
        case smartTiming = "smart-timing"
        case routeProgress = "route-progress"
    }

    var kind: Kind
    var date: Date
    var local: LocalDateTime
    /// `09:00 CET`.
    var time: String
    /// The line of text the row shows.
    var text: String
    /// A delivery's title.
    var title: String?
    /// A delivery's badge.
    var badge: Int?
    /// How a delivery was presented and where the app stood; a re-plan's reasons.
    var detail: String?
    var identifier: String?
    /// Extra classes: `day-change`, `zone-change`, `clock-change`, `before-start`.
    var marks: [String] = []

    /// Where on a 24-hour lane the item sits, 0 to 100.
    var percentOfDay: Double {
        Double(local.time.secondsSinceMidnight) / 864
    }
}
