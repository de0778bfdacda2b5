import Foundation

/// When a reminder fires: a validated ``Recurrence``, floating with the device's time
/// zone unless pinned to one, optionally bounded by a start and an end.
///
/// Floating schedules keep their wall-clock time when the user travels (08:00 stays
/// 08:00); pinned ones keep their absolute instant. Local times that do not exist
/// (spring forward) fire at the same wall-clock time shifted by the gap (02:30 fires
/// at 03:30); local times that occur twice (fall back) fire once, at the first; no
/// schedule ever yields two occurrences at the same instant.
///
/// ```swift
/// let water = try Schedule.daily(at: [LocalTime(hour: 9), LocalTime(hour: 15)])
/// let standUp = try Schedule.everyMinutes(30, from: LocalTime(hour: 9), to: LocalTime(hour: 17),
///                                         on: Weekday.workdays)
/// let rent = try Schedule.monthly(onDays: [1], at: [LocalTime(hour: 8)],
///                                 timeZone: TimeZone(identifier: "Europe/Berlin"))
/// let imported = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH")
/// ```
public struct Schedule: Hashable, Sendable {
    public let recurrence: Recurrence
    /// The zone the schedule is pinned to, or `nil` to float with the device's zone.
    public let timeZone: TimeZone?
    /// No occurrence before this local date-time (RFC 5545's `DTSTART`).
    public let start: LocalDateTime?
    public let end: ScheduleEnd?
    /// The local occurrences as day and time patterns, for fast expansion.
    let pattern: OccurrencePattern
    /// The wall second (see ``LocalDateTime/wallSeconds``) of the last local occurrence
    /// ``end`` allows, or `nil` when unbounded.
    let lastWall: Int?

    /// Validates and normalises a recurrence (times sorted, duplicates dropped).
    ///
    /// - Throws: ``ScheduleError`` naming the field at fault.
    public init(_ recurrence: Recurrence, timeZone: TimeZone? = nil, start: LocalDateTime? = nil,
                end: ScheduleEnd? = nil) throws {
        let recurrence = try Self.validated(recurrence)
        self.recurrence = recurrence
        self.timeZone = timeZone
        if let start { try Self.validate(start, field: "start") }
        self.start = start
        pattern = OccurrencePattern(recurrence)
        switch end {
        case .count(let count):
            guard count >= 1 else { throw ScheduleError.outOfRange("count", count, 1...Int.max) }
            guard let start else {
                throw ScheduleError.missing("count", "counting occurrences needs a start to count from")
            }
            lastWall = pattern.wall(ofOccurrence: count, from: start.wallSeconds)
        case .until(let until):
            try Self.validate(until, field: "until")
            lastWall = until.wallSeconds
        case nil:
            lastWall = nil
        }
        self.end = end
    }

    public static func once(at local: LocalDateTime, timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.once(local), timeZone: timeZone)
    }

    public static func daily(at times: [LocalTime], timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.daily(times: times), timeZone: timeZone)
    }

    public static func weekly(on weekdays: Set<Weekday>, at times: [LocalTime], timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.weekly(weekdays: weekdays, times: times), timeZone: timeZone)
    }

    public static func everyDays(_ interval: Int, from anchor: LocalDate, at times: [LocalTime],
                                 timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.everyNDays(interval: interval, anchor: anchor, times: times), timeZone: timeZone)
    }

    public static func everyMinutes(_ minutes: Int, from start: LocalTime, to end: LocalTime,
                                    on weekdays: Set<Weekday> = Weekday.everyDay,
                                    timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.minuteInterval(minutes: minutes, window: DailyWindow(start: start, end: end), weekdays: weekdays),
                     timeZone: timeZone)
    }

    public static func monthly(onDays days: [Int], at times: [LocalTime], timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.monthly(days: days, times: times), timeZone: timeZone)
    }

    /// The zone occurrences are computed in: the pinned zone, or the device's.
    public func effectiveTimeZone(device: TimeZone) -> TimeZone { timeZone ?? device }

    private static func validated(_ recurrence: Recurrence) throws -> Recurrence {
        switch recurrence {
        case .once(let local):
            try validate(local, field: "date")
            return recurrence
        case .daily(let times):
            return .daily(times: try validated(times))
        case .weekly(let weekdays, let times):
            guard !weekdays.isEmpty else { throw ScheduleError.empty("weekdays", "weekday") }
            return .weekly(weekdays: weekdays, times: try validated(times))
        case .everyNDays(let interval, let anchor, let times):
            guard (1...maximumDayInterval).contains(interval) else {
                throw ScheduleError.outOfRange("interval", interval, 1...maximumDayInterval)
            }
            try validate(anchor, field: "anchor")
            // Every day, whatever the anchor.
            if interval == 1 { return .daily(times: try validated(times)) }
            return .everyNDays(interval: interval, anchor: anchor, times: try validated(times))
        case .minuteInterval(let minutes, let window, let weekdays):
            guard (1...1440).contains(minutes) else { throw ScheduleError.outOfRange("minutes", minutes, 1...1440) }
            try validate(window.start, field: "window.start")
            let end = window.end
            guard end.isValid || end == LocalTime(hour: 24) else {
                throw ScheduleError.malformed("window.end", "\(end) is not a time of day (00:00 to 24:00)")
            }
            guard window.start < end else {
                throw ScheduleError.malformed("window", "start \(window.start) must be before end \(end)")
            }
            guard !weekdays.isEmpty else { throw ScheduleError.empty("weekdays", "weekday") }
            return recurrence
        case .monthly(let days, let times):
            guard !days.isEmpty else { throw ScheduleError.empty("days", "day of the month") }
            for day in days where day == 0 || !(-31...31).contains(day) {
                throw ScheduleError(code: .outOfRange, field: "days", message: "\(day) is out of range 1...31 or -31...-1")
            }
            return .monthly(days: Array(Set(days)).sorted(), times: try validated(times))
        }
    }

    private static func validated(_ times: [LocalTime]) throws -> [LocalTime] {
        guard !times.isEmpty else { throw ScheduleError.empty("times", "time of day") }
        for time in times { try validate(time, field: "time") }
        let distinct = Set(times)
        guard distinct.count <= maximumTimesPerDay else {
            throw ScheduleError(code: .outOfRange, field: "times",
                                message: "\(distinct.count) times a day is more than the \(maximumTimesPerDay) a rule may have (use an interval rule for every minute)")
        }
        return distinct.sorted()
    }

    static func validate(_ time: LocalTime, field: String) throws {
        guard (0...23).contains(time.hour) else { throw ScheduleError.outOfRange("hour", time.hour, 0...23) }
        guard (0...59).contains(time.minute) else { throw ScheduleError.outOfRange("minute", time.minute, 0...59) }
        guard (0...59).contains(time.second) else { throw ScheduleError.outOfRange("second", time.second, 0...59) }
    }

    static func validate(_ local: LocalDateTime, field: String) throws {
        try validate(local.date, field: field)
        try validate(local.time, field: field)
    }

    static func validate(_ date: LocalDate, field: String) throws {
        guard (1...9999).contains(date.year) else {
            throw ScheduleError(code: .outOfRange, field: field, message: "year \(date.year) is out of range 1...9999")
        }
        guard date.isValid else { throw ScheduleError.invalidDate(field, date) }
    }

    /// The longest interval a schedule may have: 100,000 days (about 270 years) for
    /// ``Recurrence/everyNDays(interval:anchor:times:)`` and an RRULE's `INTERVAL`.
    /// Longer ones are rejected with ``ScheduleError/Code/outOfRange``.
    ///
    /// ```swift
    /// try Schedule.everyDays(Schedule.maximumDayInterval, from: anchor, at: [LocalTime(hour: 9)])  // the longest
    /// ```
    public static let maximumDayInterval = 100_000

    /// The most distinct times of day a rule may list: 1,440, one a minute on average,
    /// which is also the most an interval rule fires a day. More (an RRULE's `BYHOUR` ×
    /// `BYMINUTE` × `BYSECOND`, a typed list) is rejected with
    /// ``ScheduleError/Code/outOfRange``, so a day's expansion stays cheap.
    ///
    /// ```swift
    /// let everyMinute = (0..<1_440).map { LocalTime(secondsSinceMidnight: $0 * 60) }
    /// try Schedule.daily(at: everyMinute)  // the most a rule may have
    /// ```
    public static let maximumTimesPerDay = 1_440
}

extension Schedule {
    /// Equal when the recurrence, zone, start and end are.
    public static func == (lhs: Schedule, rhs: Schedule) -> Bool {
        (lhs.recurrence, lhs.timeZone, lhs.start, lhs.end) == (rhs.recurrence, rhs.timeZone, rhs.start, rhs.end)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recurrence)
        hasher.combine(timeZone)
        hasher.combine(start)
        hasher.combine(end)
    }
}

extension Schedule: Codable {
    private enum CodingKeys: String, CodingKey { case recurrence, timeZone, start, end }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            container.decode(Recurrence.self, forKey: .recurrence),
            timeZone: container.decodeIfPresent(String.self, forKey: .timeZone).map { identifier in
                guard let zone = TimeZone(identifier: identifier) else {
                    throw DecodingError.dataCorruptedError(forKey: .timeZone, in: container,
                                                           debugDescription: "unknown time zone '\(identifier)'")
                }
                return zone
            },
            start: container.decodeIfPresent(LocalDateTime.self, forKey: .start),
            end: container.decodeIfPresent(ScheduleEnd.self, forKey: .end)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recurrence, forKey: .recurrence)
        try container.encodeIfPresent(timeZone?.identifier, forKey: .timeZone)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
    }
}
