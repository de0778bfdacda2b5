import Foundation
import Herald
import HeraldScenario

/// One local day of the report: its lane of items, the zones the device was in that day
/// and what changed the day's clock (DST transitions, found when the page is drawn).
struct ReportDay: Sendable {
    var date: LocalDate
    var items: [ReportItem] = []
    /// The device's zones during the day, in the order it was in them.
    var zones: [TimeZone]

    /// `Saturday 2026-11-21`.
    var heading: String {
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        return "\(names[date.weekday.rawValue - 1]) \(date)"
    }

    /// The zone offset changes inside the day, in each zone the device was in:
    /// `clocks go forward 1 h at 02:00 (CET → CEST)`.
    func transitions() -> [String] {
        var marks: [String] = []
        for zone in zones {
            let converter = ZoneConverter.for(zone)
            let dayStart = converter.instant(for: LocalDateTime(date: date, time: LocalTime(hour: 0))).date
            let dayEnd = converter.instant(for: LocalDateTime(date: date.adding(days: 1), time: LocalTime(hour: 0))).date
            var cursor = dayStart.addingTimeInterval(-1)
            while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition < dayEnd {
                let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
                let after = zone.secondsFromGMT(for: transition)
                if before != after {
                    let shift = after - before
                    let wall = ZoneConverter.utc.local(for: transition.addingTimeInterval(Double(before))).time
                    let amount = TimeText.duration(abs(shift))
                    let from = TimeText.abbreviation(zone, at: transition.addingTimeInterval(-1))
                    let to = TimeText.abbreviation(zone, at: transition)
                    marks.append("\(zone.identifier): clocks go \(shift > 0 ? "forward" : "back") \(amount) at \(wall) (\(from) → \(to))")
                }
                cursor = transition
            }
        }
        return marks
    }
}
