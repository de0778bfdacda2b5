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
    public internal(set) var timeZone: TimeZone?
    /// No occurrence before this local date-time (RFC 5545's `DTSTART`).
    public let start: LocalDateTime?
    public let end: End?
    /// Days on which nothing fires (RFC 5545's `EXDATE;VALUE=DATE`).
    public let excludedDates: Set<LocalDate>
    /// Local occurrences that do not fire (`EXDATE`).
    public let excludedTimes: Set<LocalDateTime>
    /// Local date-times that fire besides the recurrence's (`RDATE`), whatever the
    /// start and end; an excluded one does not.
    public let extraTimes: Set<LocalDateTime>
    /// The local occurrences as day and time patterns, for fast expansion.
    let pattern: OccurrencePattern
    /// `pattern.rule` and ``start``'s wall second, kept at hand: expansion reads them on
    /// every call.
    let rulePattern: RulePattern?
    let startWall: Int?
    /// The wall second (see ``LocalDateTime/wallSeconds``) of the last local occurrence
    /// ``end`` allows, or `nil` when unbounded.
    let lastWall: Int?
    /// ``excludedTimes``, ``excludedDates`` and ``extraTimes`` as wall seconds and days,
    /// ascending.
    let excludedWalls: [Int]
    let excludedDays: [Int]
    let extraWalls: [Int]

    /// Validates and normalises a recurrence (times sorted, duplicates dropped).
    ///
    /// ```swift
    /// // Every other Monday from 5 January 2026, but not on 2 February.
    /// let rule = RecurrenceRule(frequency: .weekly, interval: 2, anchor: start, weekdays: [.init(.monday)],
    ///                           times: [LocalTime(hour: 9)])
    /// let standUp = try Schedule(.rule(rule), excludedDates: [LocalDate(year: 2026, month: 2, day: 2)])
    /// ```
    ///
    /// - Throws: ``ScheduleError`` naming the field at fault.
    public init(_ recurrence: Recurrence, timeZone: TimeZone? = nil, start: LocalDateTime? = nil,
                end: End? = nil, excludedDates: Set<LocalDate> = [], excludedTimes: Set<LocalDateTime> = [],
                extraTimes: Set<LocalDateTime> = []) throws {
        let recurrence = try Self.validated(recurrence)
        self.recurrence = recurrence
        self.timeZone = timeZone
        if let start { try Self.validate(start, field: "start") }
        self.start = start
        startWall = start?.wallSeconds
        for date in excludedDates { try Self.validate(date, field: "excludedDates") }
        for local in excludedTimes { try Self.validate(local, field: "excludedTimes") }
        for local in extraTimes { try Self.validate(local, field: "extraTimes") }
        self.excludedDates = excludedDates
        self.excludedTimes = excludedTimes
        self.extraTimes = extraTimes
        excludedDays = excludedDates.map(\.daysSinceEpoch).sorted()
        excludedWalls = excludedTimes.map(\.wallSeconds).sorted()
        extraWalls = extraTimes.map(\.wallSeconds).sorted()
        pattern = OccurrencePattern(recurrence)
        rulePattern = pattern.rule
        switch end {
        case .count(let count):
            guard count >= 1 else { throw ScheduleError.outOfRange("count", count, 1...Int.max) }
            guard let start else {
                throw ScheduleError.missing("count", "counting occurrences needs a start to count from")
            }
            if pattern.rule != nil {
                // Rules are walked one occurrence at a time.
                guard count <= Self.maximumRuleCount else {
                    throw ScheduleError.outOfRange("count", count, 1...Self.maximumRuleCount)
                }
                var cursor = pattern.cursor()
                var wall = cursor.next(atOrAfter: start.wallSeconds)
                for _ in 1..<count {
                    guard let current = wall else { break }
                    wall = cursor.next(atOrAfter: current + 1)
                }
                lastWall = wall
            } else {
                lastWall = pattern.wall(ofOccurrence: count, from: start.wallSeconds)
            }
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

    /// Every `interval` weeks on the chosen weekdays, counting weeks (which start on
    /// `weekStart`) from the one holding `anchor`.
    ///
    /// ```swift
    /// let bins = try Schedule.everyWeeks(2, on: [.tuesday], from: LocalDate(year: 2026, month: 1, day: 6),
    ///                                    at: [LocalTime(hour: 7)])
    /// ```
    public static func everyWeeks(_ interval: Int, on weekdays: Set<Weekday>, weekStart: Weekday = .monday,
                                  from anchor: LocalDate, at times: [LocalTime], timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .weekly, interval: interval, anchor: LocalDateTime(date: anchor, time: .midnight),
                                          weekdays: weekdays.sorted().map { RecurrenceRule.OrdinalWeekday(nil, $0) }, times: times, weekStart: weekStart)),
                     timeZone: timeZone)
    }

    /// Monthly on nth weekdays: `.init(2, .tuesday)` the second Tuesday, `.init(-1, .friday)`
    /// the last Friday, `.init(-2, .monday)` the second-to-last Monday. Months without
    /// the day (a fifth Thursday) are skipped.
    ///
    /// ```swift
    /// let bookClub = try Schedule.monthly(on: [.init(2, .tuesday)], at: [LocalTime(hour: 19)])
    /// ```
    public static func monthly(on weekdays: [RecurrenceRule.OrdinalWeekday], at times: [LocalTime],
                               timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .monthly, anchor: Self.epochAnchor, weekdays: weekdays, times: times)),
                     timeZone: timeZone)
    }

    /// Monthly on positions among the month's days that fall on `weekdays`: `[-1]` of
    /// the workdays is the last weekday of the month, `[1]` of Saturday and Sunday the
    /// first weekend day.
    ///
    /// ```swift
    /// let payroll = try Schedule.monthly(positions: [-1], of: Weekday.workdays, at: [LocalTime(hour: 9)])
    /// ```
    public static func monthly(positions: [Int], of weekdays: Set<Weekday>, at times: [LocalTime],
                               timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .monthly, anchor: Self.epochAnchor, weekdays: weekdays.sorted().map { RecurrenceRule.OrdinalWeekday(nil, $0) },
                                          setPositions: positions, times: times)),
                     timeZone: timeZone)
    }

    /// Yearly in the given months on days of the month (negative from the month's end).
    ///
    /// ```swift
    /// let taxes = try Schedule.yearly(inMonths: [4], onDays: [15], at: [LocalTime(hour: 9)])
    /// ```
    public static func yearly(inMonths months: [Int], onDays days: [Int], at times: [LocalTime],
                              timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .yearly, anchor: Self.epochAnchor, months: months, monthDays: days, times: times)),
                     timeZone: timeZone)
    }

    /// Yearly in the given months on nth weekdays of the month.
    ///
    /// ```swift
    /// let thanksgiving = try Schedule.yearly(inMonths: [11], on: [.init(4, .thursday)], at: [LocalTime(hour: 10)])
    /// ```
    public static func yearly(inMonths months: [Int], on weekdays: [RecurrenceRule.OrdinalWeekday], at times: [LocalTime],
                              timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .yearly, anchor: Self.epochAnchor, months: months, weekdays: weekdays, times: times)),
                     timeZone: timeZone)
    }

    /// Every `interval` hours (up to 2,400,000, ``maximumDayInterval`` days) stepping on
    /// the wall clock from `anchor`, across days: every 5 hours from 08:00 is 08:00,
    /// 13:00, 18:00, 23:00, 04:00, ...
    ///
    /// ```swift
    /// let medicine = try Schedule.everyHours(8, from: LocalDateTime(date: today, time: LocalTime(hour: 7)))
    /// ```
    public static func everyHours(_ interval: Int, from anchor: LocalDateTime, timeZone: TimeZone? = nil) throws -> Schedule {
        try Schedule(.rule(RecurrenceRule(frequency: .hourly, interval: interval, anchor: anchor)), timeZone: timeZone)
    }

    /// The anchor of rules whose phase does not matter (interval 1).
    private static let epochAnchor = LocalDateTime(date: LocalDate(year: 1970, month: 1, day: 1), time: .midnight)

    /// The largest `COUNT` of a ``Recurrence/rule(_:)``, whose end is found by walking
    /// its occurrences: 1,000,000.
    public static let maximumRuleCount = 1_000_000

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
        case .rule(let rule):
            return .rule(try validated(rule))
        }
    }

    static func validated(_ times: [LocalTime]) throws -> [LocalTime] {
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
    /// Equal when the recurrence, zone, start, end, exclusions and extra times are.
    public static func == (lhs: Schedule, rhs: Schedule) -> Bool {
        (lhs.recurrence, lhs.timeZone, lhs.start, lhs.end) == (rhs.recurrence, rhs.timeZone, rhs.start, rhs.end)
            && (lhs.excludedDates, lhs.excludedTimes, lhs.extraTimes) == (rhs.excludedDates, rhs.excludedTimes, rhs.extraTimes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recurrence)
        hasher.combine(timeZone)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(excludedDates)
        hasher.combine(excludedTimes)
        hasher.combine(extraTimes)
    }
}

extension Schedule: Codable {
    private enum CodingKeys: String, CodingKey { case recurrence, timeZone, start, end, excludedDates, excludedTimes, extraTimes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            container.decode(Recurrence.self, forKey: .recurrence),
            timeZone: container.decodeIfPresent(String.self, forKey: .timeZone).map { identifier in
                guard let zone = TimeZone(checkedIdentifier: identifier) else {
                    throw DecodingError.dataCorruptedError(forKey: .timeZone, in: container,
                                                           debugDescription: "unknown time zone '\(identifier)'")
                }
                return zone
            },
            start: container.decodeIfPresent(LocalDateTime.self, forKey: .start),
            end: container.decodeIfPresent(End.self, forKey: .end),
            excludedDates: container.decodeIfPresent(Set<LocalDate>.self, forKey: .excludedDates) ?? [],
            excludedTimes: container.decodeIfPresent(Set<LocalDateTime>.self, forKey: .excludedTimes) ?? [],
            extraTimes: container.decodeIfPresent(Set<LocalDateTime>.self, forKey: .extraTimes) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recurrence, forKey: .recurrence)
        try container.encodeIfPresent(timeZone?.identifier, forKey: .timeZone)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
        if !excludedDates.isEmpty { try container.encode(excludedDates.sorted(), forKey: .excludedDates) }
        if !excludedTimes.isEmpty { try container.encode(excludedTimes.sorted(), forKey: .excludedTimes) }
        if !extraTimes.isEmpty { try container.encode(extraTimes.sorted(), forKey: .extraTimes) }
    }
}
