import Foundation

/// Where local days begin: the first instant of each local day, also on days whose
/// midnight does not exist (a DST change at midnight, as in America/Havana, begins the
/// day at 01:00) or that do not exist at all (Pacific/Apia skipped 2011-12-30).
///
/// ```swift
/// let next = DayBoundary.next(after: now, in: TimeZone(identifier: "America/Havana")!)
/// ```
package enum DayBoundary {
    /// The first instant of the first local day that begins strictly after `instant`.
    public static func next(after instant: Date, in zone: TimeZone) -> Date {
        let converter = ZoneConverter.for(zone)
        var day = converter.local(for: instant).date.adding(days: 1)
        while true {
            let start = converter.instant(for: LocalDateTime(date: day, time: .midnight)).date
            if start > instant { return start }
            day = day.adding(days: 1)
        }
    }
}
