import Foundation
import Herald

/// The instants a schedule fires during a few local days: what `herald occurrences`
/// prints, with each occurrence's local time and UTC instant, so DST shifts show.
///
/// The window is `days` local days from `from` at 00:00 in `zone` (the device's zone;
/// a rule pinned with `DTSTART;TZID=...` fires in its own). An RRULE without `DTSTART`
/// starts at `from` 00:00: Herald takes the defaults RFC 5545 reads from DTSTART
/// (time of day, the first day of `INTERVAL`) from there.
///
/// ```swift
/// let listing = try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=9;BYMINUTE=0",
///                                     zone: "Europe/Berlin", from: "2026-03-28", days: 3)
/// print(listing.occurrences().map(\.local))   // HeraldReport: listing.text(), listing.json()
/// // 2026-03-28T09:00  2026-03-28T08:00:00Z
/// // 2026-03-29T09:00  2026-03-29T07:00:00Z
/// // 2026-03-30T09:00  2026-03-30T07:00:00Z
/// ```
public struct OccurrenceListing: Sendable {
    public var schedule: Schedule
    public var zone: TimeZone
    public var from: LocalDate
    /// How many local days to list; counted as at most ``maximumDays``.
    public var days: Int

    /// The most local days one listing covers: 366, as a scenario's run. The
    /// command-line initializer refuses more; ``end`` counts at most this many.
    ///
    /// ```swift
    /// try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=9", zone: "UTC", from: "2026-01-01",
    ///                       days: OccurrenceListing.maximumDays)   // a whole leap year
    /// ```
    public static let maximumDays = 366

    public init(schedule: Schedule, zone: TimeZone, from: LocalDate, days: Int) {
        self.schedule = schedule
        self.zone = zone
        self.from = from
        self.days = days
    }

    /// Reads the RRULE, zone id, date (`yyyy-MM-dd`) and day count as typed on a
    /// command line.
    public init(rrule: String, zone zoneIdentifier: String, from fromText: String,
                days: Int) throws(OccurrenceListingError) {
        guard let zone = TimeZone(identifier: zoneIdentifier) else {
            throw OccurrenceListingError(
                code: .unknownZone,
                message: "unknown time zone \"\(zoneIdentifier)\" (expected an IANA id such as Europe/Berlin)")
        }
        guard let from = LocalDate(iso8601: fromText) else {
            throw OccurrenceListingError(code: .invalidDate,
                                         message: "\"\(fromText)\" is not a date (expected yyyy-MM-dd)")
        }
        guard (1...9999).contains(from.year) else {
            throw OccurrenceListingError(code: .invalidDate,
                                         message: "--from \"\(fromText)\" has year \(from.year); dates need a year from 1 to 9999")
        }
        guard (1...Self.maximumDays).contains(days) else {
            throw OccurrenceListingError(code: .invalidDays,
                                         message: "days must be 1...\(Self.maximumDays), got \(days) (list a longer span in parts)")
        }
        self.init(schedule: try Self.schedule(rrule: rrule, from: from), zone: zone, from: from, days: days)
    }

    /// Parses `rrule`, starting it at `from` 00:00 when it has no DTSTART; error
    /// positions count in `rrule` as given.
    static func schedule(rrule: String, from: LocalDate) throws(OccurrenceListingError) -> Schedule {
        // Without this, the DTSTART added for `from` alone would read as a one-time rule.
        guard rrule.contains(where: { !$0.isWhitespace }) else {
            throw OccurrenceListingError(code: .invalidRule,
                                         message: "invalid RRULE: the rule is empty (expected \"FREQ=DAILY;BYHOUR=9\" or \"DTSTART:...\\nRRULE:FREQ=...\")",
                                         position: 1)
        }
        let hasStart = rrule.uppercased().contains("DTSTART")
        let prefix = hasStart ? "" : "DTSTART:\(LocalDateTime(date: from, time: .midnight).compactDescription)00\n"
        do {
            return try Schedule(rrule: prefix + rrule)
        } catch let error as ScheduleError {
            let position = error.position.map { max(1, $0 - prefix.count) }
            let location = position.map { "\(error.field) at position \($0)" } ?? error.field
            throw OccurrenceListingError(code: .invalidRule, message: "invalid RRULE: \(location): \(error.message)",
                                         scheduleError: error, position: position)
        } catch {
            throw OccurrenceListingError(code: .invalidRule, message: "invalid RRULE: \(error)")
        }
    }

    /// The window's first instant: `from` 00:00 in ``zone``.
    public var start: Date { ZoneConverter.for(zone).instant(for: LocalDateTime(date: from, time: .midnight)).date }

    /// The window's end (excluded): `from + days` 00:00 in ``zone``, with `days` counted
    /// in 0...``maximumDays``.
    public var end: Date {
        let days = min(max(days, 0), Self.maximumDays)
        return ZoneConverter.for(zone).instant(for: LocalDateTime(date: from.adding(days: days), time: .midnight)).date
    }

    /// Every occurrence in the window, in order.
    public func occurrences() -> [Occurrence] {
        // Occurrences fall on whole seconds: one second back includes 00:00 itself.
        schedule.occurrences(after: start.addingTimeInterval(-1), before: end, deviceZone: zone)
    }

    /// Each occurrence with the wall time its instant shows in the rule's zone: they
    /// differ for a local time that does not exist (a spring-forward gap), shifted.
    public func listed() -> [(occurrence: Occurrence, wall: LocalDateTime)] {
        let converter = ZoneConverter.for(schedule.effectiveTimeZone(device: zone))
        return occurrences().map { ($0, converter.local(for: $0.date)) }
    }
}
