import Foundation

/// A daily stretch of device-local time when reminders wait: an occurrence inside it
/// is deferred to the end of *that* quiet period, and the occurrences deferred to one
/// end come as one notification (``PlannedGroup``). A deferral that would carry an
/// occurrence past the end of its device-local day (Monday 23:00 to Tuesday 07:00)
/// drops it instead: by then it is a reminder of a day that has ended, stale, and no
/// badge of the new day counts it. ``defersPastMidnight`` (or a rule's
/// ``ReminderRule/defersPastMidnight``) keeps such deferrals.
///
/// `from` and `to` are read on the device's clock; `to` before `from` crosses midnight
/// (22:00 to 07:00 ends the next morning). Both ends are instants as the schedules read
/// local times: a `to` that does not exist on a spring-forward night ends the period
/// shifted by the gap (02:30 → 03:30), like a reminder at 02:30, and a `from` that does
/// not exist starts it shifted the same way.
///
/// ```swift
/// let night = try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))
/// let berlin = ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
/// night.end(ofPeriodHolding: elevenPM, converter: berlin)   // 07:00 the next morning
/// night.end(ofPeriodHolding: noon, converter: berlin)       // nil: not quiet
///
/// var keeping = night
/// keeping.defersPastMidnight = true   // Monday 23:00 is shown Tuesday 07:00, not dropped
/// ```
public struct QuietHours: Hashable, Sendable, Codable {
    /// When the quiet hours start, device-local.
    public let from: LocalTime
    /// When they end, device-local: deferred reminders fire then.
    public let to: LocalTime
    /// Whether a deferral may carry an occurrence past the end of its device-local day
    /// (`false`, the default: such an occurrence is dropped, ``PlanSkip/Reason/pastDayEnd``).
    /// When it does, the occurrence counts toward the badge of the day it is shown.
    public var defersPastMidnight = false

    /// - Throws: ``DeclarationError`` (`invalidQuietHours`) when a time is not a time of
    ///   day, or both are the same (quiet all day or never: say which by leaving quiet
    ///   hours out, or pausing the entities).
    public init(from: LocalTime, to: LocalTime) throws(DeclarationError) {
        guard from.isValid, to.isValid else {
            throw .invalidQuietHours("the quiet hours from \(from) to \(to) name a time that is not a time of day; give times from 00:00 to 23:59")
        }
        guard from != to else {
            throw .invalidQuietHours("the quiet hours start and end at \(from); give an end that differs from the start (22:00 to 07:00 crosses midnight)")
        }
        self.from = from
        self.to = to
    }

    /// Whether the period crosses midnight (its end is on the next day).
    public var crossesMidnight: Bool { to < from }

    /// The quiet period holding `date` (start included, end excluded), as instants, or
    /// `nil` when `date` is not quiet.
    package func period(holding date: Date, converter: ZoneConverter) -> (start: Date, end: Date)? {
        let day = converter.local(for: date).date
        // A period starts on the day of `date` or, crossing midnight, the day before (two
        // days before where a zone skipped the day before, as Apia skipped 2011-12-30).
        for startDay in [day.adding(days: -2), day.adding(days: -1), day] {
            let start = converter.instant(for: LocalDateTime(date: startDay, time: from)).date
            let endDay = crossesMidnight ? startDay.adding(days: 1) : startDay
            let end = converter.instant(for: LocalDateTime(date: endDay, time: to)).date
            if start <= date, date < end { return (start, end) }
        }
        return nil
    }

    /// The end of the quiet period holding `date`, when `date` is quiet.
    package func end(ofPeriodHolding date: Date, converter: ZoneConverter) -> Date? {
        period(holding: date, converter: converter)?.end
    }

    /// Whether deferring an occurrence at `date` to `end` (the end of its quiet period)
    /// carries it past its device-local day: `end` falls on a later local day (00:00
    /// included). The day is read with `converter` at each instant, so a DST change
    /// in between moves nothing: Saturday 23:00 and Sunday 07:00 are two days apart
    /// whatever the night's length.
    package static func crossesDay(from date: Date, to end: Date, converter: ZoneConverter) -> Bool {
        converter.local(for: end).date > converter.local(for: date).date
    }
}

extension QuietHours {
    private enum CodingKeys: String, CodingKey { case from, to, defersPastMidnight }

    /// Decodes quiet hours; `defersPastMidnight` is optional (`false` when absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode(LocalTime.self, forKey: .from)
        to = try container.decode(LocalTime.self, forKey: .to)
        defersPastMidnight = try container.decodeIfPresent(Bool.self, forKey: .defersPastMidnight) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        if defersPastMidnight { try container.encode(true, forKey: .defersPastMidnight) }
    }
}

extension DeclarationError.Code {
    /// Quiet hours whose start or end is not a time of day, or that start and end at once.
    public static let invalidQuietHours = DeclarationError.Code(name: "invalidQuietHours")
}

extension DeclarationError {
    static func invalidQuietHours(_ message: String) -> DeclarationError {
        DeclarationError(code: .invalidQuietHours, message: message)
    }
}
