import Foundation
import Herald

/// The instants a schedule fires during some local days: what `herald occurrences`
/// prints, with each occurrence's local time and UTC instant, so DST shifts show.
///
/// The window is `days` local days from `from` at 00:00 in `zone` (the device's zone;
/// a rule pinned with `DTSTART;TZID=...` fires in its own), up to ``maximumDays``
/// (a hundred years). An RRULE without `DTSTART` starts at `from` 00:00: Herald takes
/// the defaults RFC 5545 reads from DTSTART (time of day, the first day of `INTERVAL`)
/// from there.
///
/// The work is bounded by ``limit``, not by the span: a listing stops after `limit`
/// occurrences (``defaultLimit`` unless told) and says so with
/// ``Ending/stoppedAtLimit``. ``forEachListed(_:)`` hands each occurrence over as it
/// is found, a few days of them at a time, so memory stays small however long the
/// window.
///
/// ```swift
/// let listing = try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=9;BYMINUTE=0",
///                                     zone: "Europe/Berlin", from: "2026-03-28", days: 3)
/// print(listing.occurrences().map(\.local))   // with the command's text(), json()
/// // 2026-03-28T09:00  2026-03-28T08:00:00Z
/// // 2026-03-29T09:00  2026-03-29T07:00:00Z
/// // 2026-03-30T09:00  2026-03-30T07:00:00Z
///
/// // A minutely rule over a hundred years stops at once, at the limit
/// let minutely = try OccurrenceListing(rrule: "FREQ=MINUTELY", zone: "UTC", from: "2026-01-01",
///                                      days: OccurrenceListing.maximumDays, limit: 10)
/// let ending = minutely.forEachListed { occurrence, wall in print(wall) }   // 10 lines
/// // ending == .stoppedAtLimit
/// ```
struct OccurrenceListing: Sendable {
    var schedule: Schedule
    var zone: TimeZone
    var from: LocalDate
    /// How many local days to list; counted as at most ``maximumDays``.
    var days: Int
    /// The most occurrences to list; counted as at least 1 and at most ``maximumLimit``.
    var limit: Int

    /// The most local days one listing covers: 36,525, a hundred years of 365.25 days.
    /// The command-line initializer refuses more; ``end`` counts at most this many.
    /// What bounds the work is ``limit``, not the span.
    ///
    /// ```swift
    /// // Each 1 January at 00:00 from 2026 to 2126 (36,525 days from 2026-01-01 end on 2 January 2126)
    /// try OccurrenceListing(rrule: "FREQ=YEARLY", zone: "UTC", from: "2026-01-01",
    ///                       days: OccurrenceListing.maximumDays)
    /// ```
    static let maximumDays = 36_525

    /// How many occurrences a listing stops at unless told otherwise: 1,000.
    ///
    /// ```swift
    /// let listing = try OccurrenceListing(rrule: "FREQ=HOURLY", zone: "UTC", from: "2026-01-01", days: 366)
    /// listing.limit == OccurrenceListing.defaultLimit   // 1,000 of the 8,784 hours listed
    /// ```
    static let defaultLimit = 1_000

    /// The largest ``limit`` the command-line initializer takes: 1,000,000, some 40 MB
    /// of text and well under a minute of work, the most one run lists.
    ///
    /// ```swift
    /// try OccurrenceListing(rrule: "FREQ=MINUTELY", zone: "UTC", from: "2026-01-01", days: 1000,
    ///                       limit: OccurrenceListing.maximumLimit)
    /// ```
    static let maximumLimit = 1_000_000

    /// How a listing ended: every occurrence of the window listed, or stopped at
    /// ``OccurrenceListing/limit`` with more left.
    ///
    /// ```swift
    /// if listing.forEachListed({ occurrence, wall in print(wall) }) == .stoppedAtLimit {
    ///     print("stopped at the limit of \(listing.limit) occurrences")
    /// }
    /// ```
    enum Ending: Hashable, Sendable {
        /// Every occurrence in the window was listed.
        case complete
        /// ``OccurrenceListing/limit`` occurrences were listed and the window holds more.
        case stoppedAtLimit
    }

    init(schedule: Schedule, zone: TimeZone, from: LocalDate, days: Int, limit: Int = Self.defaultLimit) {
        self.schedule = schedule
        self.zone = zone
        self.from = from
        self.days = days
        self.limit = limit
    }

    /// Reads the RRULE, zone id, date (`yyyy-MM-dd`), day count and limit as typed on a
    /// command line; refuses a day count outside 1...``maximumDays`` and a limit outside
    /// 1...``maximumLimit``.
    init(rrule: String, zone zoneIdentifier: String, from fromText: String,
                days: Int, limit: Int = Self.defaultLimit) throws(OccurrenceListingError) {
        guard let zone = TimeZone(checkedIdentifier: zoneIdentifier) else {
            throw OccurrenceListingError(
                code: .unknownZone,
                message: "unknown time zone \(InputExcerpt(zoneIdentifier, quote: "\"")) (expected an IANA id such as Europe/Berlin)")
        }
        guard let from = LocalDate(iso8601: fromText) else {
            throw OccurrenceListingError(code: .invalidDate,
                                         message: "\(InputExcerpt(fromText, quote: "\"")) is not a date (expected yyyy-MM-dd)")
        }
        guard (1...9999).contains(from.year) else {
            throw OccurrenceListingError(code: .invalidDate,
                                         message: "--from \(InputExcerpt(fromText, quote: "\"")) has year \(from.year); dates need a year from 1 to 9999")
        }
        guard (1...Self.maximumDays).contains(days) else {
            throw OccurrenceListingError(code: .invalidDays,
                                         message: "days must be 1...\(Self.maximumDays) (a hundred years), got \(days)")
        }
        let lastDay = from.adding(days: days - 1)
        guard lastDay.year <= 9999 else {
            let room = LocalDate(year: 9999, month: 12, day: 31).daysSinceEpoch - from.daysSinceEpoch + 1
            throw OccurrenceListingError(
                code: .invalidDays,
                message: "\(days) days from \(from) would list up to \(lastDay); dates need a year from 1 to 9999 (at most \(room) day\(room == 1 ? "" : "s") from \(from))")
        }
        guard (1...Self.maximumLimit).contains(limit) else {
            throw OccurrenceListingError(code: .invalidLimit,
                                         message: "the limit must be 1...\(Self.maximumLimit) occurrences, got \(limit)")
        }
        self.init(schedule: try Self.schedule(rrule: rrule, from: from), zone: zone, from: from, days: days,
                  limit: limit)
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
    var start: Date { ZoneConverter.for(zone).instant(for: LocalDateTime(date: from, time: .midnight)).date }

    /// The window's end (excluded): `from + days` 00:00 in ``zone``, with `days` counted
    /// in 0...``maximumDays``.
    var end: Date {
        let days = min(max(days, 0), Self.maximumDays)
        return ZoneConverter.for(zone).instant(for: LocalDateTime(date: from.adding(days: days), time: .midnight)).date
    }

    /// The first ``limit`` occurrences in the window, in order.
    func occurrences() -> [Occurrence] {
        var result: [Occurrence] = []
        forEachListed { occurrence, _ in result.append(occurrence) }
        return result
    }

    /// The first ``limit`` occurrences, each with the wall time its instant shows in the
    /// rule's zone: they differ for a local time that does not exist (a spring-forward
    /// gap), shifted.
    func listed() -> [(occurrence: Occurrence, wall: LocalDateTime)] {
        var result: [(occurrence: Occurrence, wall: LocalDateTime)] = []
        forEachListed { occurrence, wall in result.append((occurrence, wall)) }
        return result
    }

    /// Calls `body` with each occurrence in the window, in order, as it is found, and the
    /// wall time its instant shows in the rule's zone (see ``listed()``); stops after
    /// ``limit`` of them.
    ///
    /// The window is walked a stretch of instants at a time: a day where the rule is dense
    /// (at most ``Schedule/maximumTimesPerDay`` occurrences), longer where it is sparse,
    /// so a yearly rule over a century costs a few dozen steps and memory stays that of a
    /// few days' occurrences. The occurrences are those of one
    /// ``Schedule/occurrences(after:before:using:)`` call over the whole window.
    ///
    /// ```swift
    /// let ending = listing.forEachListed { occurrence, wall in
    ///     print(wall, occurrence.date)
    /// }
    /// ```
    /// - Returns: ``Ending/stoppedAtLimit`` when ``limit`` occurrences were listed and the
    ///   window holds more, else ``Ending/complete``.
    @discardableResult
    func forEachListed(_ body: (_ occurrence: Occurrence, _ wall: LocalDateTime) throws -> Void) rethrows -> Ending {
        let limit = boundedLimit
        let converter = ZoneConverter.for(schedule.effectiveTimeZone(device: zone))
        let end = self.end
        // Occurrences fall on whole seconds: one second back includes 00:00 itself, and
        // each stretch starts one second before the last one's (excluded) end.
        var after = start.addingTimeInterval(-1)
        var span = Self.firstStretch
        var count = 0
        while after.addingTimeInterval(1) < end {
            let stretchEnd = min(end, after.addingTimeInterval(1 + span))
            let found = schedule.occurrences(after: after, before: stretchEnd, using: converter)
            for occurrence in found {
                if count == limit { return .stoppedAtLimit }
                try body(occurrence, converter.local(for: occurrence.date))
                count += 1
            }
            // Longer stretches where the rule is sparse, shorter where it is dense.
            if found.count < Self.sparseCount {
                span = min(span * 2, Self.longestStretch)
            } else if found.count > Schedule.maximumTimesPerDay {
                span = max(span / 2, Self.shortestStretch)
            }
            after = stretchEnd.addingTimeInterval(-1)
        }
        return .complete
    }

    /// ``limit`` as a listing counts it: in 1...``maximumLimit``.
    var boundedLimit: Int { min(max(limit, 1), Self.maximumLimit) }

    /// The stretch of instants ``forEachListed(_:)`` asks the schedule for first: a day.
    static let firstStretch: TimeInterval = 86_400
    /// The shortest stretch: an hour, for a window dense with extra times.
    static let shortestStretch: TimeInterval = 3_600
    /// The longest stretch: 64 days, so a stretch that grew over a sparse part holds at
    /// most 64 days of a dense part's occurrences.
    static let longestStretch: TimeInterval = 64 * 86_400
    /// Fewer occurrences than this in a stretch double the next one.
    static let sparseCount = 64
}
