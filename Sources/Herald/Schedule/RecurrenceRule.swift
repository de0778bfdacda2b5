/// A calendar rule in the shape of RFC 5545's `RRULE`: a frequency and an interval
/// counted from an anchor, the months, days of the month and (nth) weekdays it keeps,
/// set positions, and the times of day. ``Schedule``'s factories (``Schedule/everyWeeks(_:on:weekStart:from:at:timeZone:)``,
/// ``Schedule/monthly(on:at:timeZone:)``, ``Schedule/yearly(inMonths:onDays:at:timeZone:)``,
/// ``Schedule/everyHours(_:from:timeZone:)``, ...) build and validate it; RRULE text
/// reads into it.
///
/// ```swift
/// // The second Tuesday of every month at 19:00.
/// let rule = RecurrenceRule(frequency: .monthly, anchor: LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 1),
///                                                                     time: LocalTime(hour: 19)),
///                           weekdays: [.init(2, .tuesday)], times: [LocalTime(hour: 19)])
/// let meetup = try Schedule(.rule(rule))
/// ```
///
/// How the parts combine is RFC 5545's: each period (day, week starting on
/// ``weekStart``, month, year; hours and minutes for ``Frequency/hourly`` and
/// ``Frequency/minutely``) whose distance from the anchor's period is a multiple of
/// ``interval`` contributes its matching days, each at every one of ``times``; then
/// ``setPositions`` keep the chosen members of that period's set (1 the first, -1 the
/// last). Days that do not exist (February 30, a fifth Monday) are skipped.
///
/// Yearly rules may also keep days of the year (``yearDays``, `BYYEARDAY`) and weeks
/// (``weekNumbers``, `BYWEEKNO`); hourly and minutely rules days of the year, seconds
/// and set positions:
///
/// ```swift
/// // The last day of every year at 17:00, and Monday of week 20.
/// RecurrenceRule(frequency: .yearly, anchor: start, yearDays: [-1], times: [LocalTime(hour: 17)])
/// RecurrenceRule(frequency: .yearly, anchor: start, weekdays: [.init(nil, .monday)], weekNumbers: [20],
///                times: [LocalTime(hour: 9)])
/// ```
public struct RecurrenceRule: Hashable, Sendable, Codable {
    /// The period the rule repeats in.
    public enum Frequency: String, Hashable, Sendable, Codable, CaseIterable {
        case minutely, hourly, daily, weekly, monthly, yearly
    }

    /// A weekday, optionally the nth of its kind in the month (or year): `2` the second,
    /// `-1` the last, `nil` every one.
    ///
    /// ```swift
    /// RecurrenceRule.OrdinalWeekday(-1, .friday) // the last Friday
    /// ```
    public struct OrdinalWeekday: Hashable, Sendable, Codable {
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ ordinal: Int? = nil, _ weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
    }

    public var frequency: Frequency
    /// Every `interval` periods, counted from ``anchor``'s period.
    public var interval: Int
    /// The rule's phase: periods are counted from its period, and hourly and minutely
    /// rules step from its time.
    public var anchor: LocalDateTime
    /// Months kept (1...12); empty keeps every month. A yearly rule expands to them.
    public var months: [Int]
    /// Days of the month (1...31, or -31...-1 from the month's end).
    public var monthDays: [Int]
    /// Weekdays; ordinals only in monthly and yearly rules.
    public var weekdays: [OrdinalWeekday]
    /// Days of the year (1...366, or -366...-1 from the year's end) kept by a yearly,
    /// hourly or minutely rule; RFC 5545 allows no other.
    public var yearDays: [Int]
    /// Weeks of the year (1...53, or -53...-1 from the end) kept by a yearly rule. Week 1
    /// is the first that has at least four days in the year, weeks starting on
    /// ``weekStart``; a year's days in a week of the year before or after count in it.
    public var weekNumbers: [Int]
    /// Positions kept in each period's set (±1...366); empty keeps all. The set of an
    /// hourly or minutely rule is its step's instants (``minutes`` × ``seconds``).
    public var setPositions: [Int]
    /// The times of each day (daily and longer periods). Hourly and minutely rules take
    /// theirs from the anchor and ``minutes``, and leave this empty.
    public var times: [LocalTime]
    /// Hours kept by an hourly or minutely rule (0...23); empty keeps all.
    public var hours: [Int]
    /// Minutes: an hourly rule fires at each of them in its hours (the anchor's minute
    /// when empty); a minutely rule keeps only them.
    public var minutes: [Int]
    /// Seconds (0...59) an hourly or minutely rule fires at in each of its minutes (the
    /// anchor's second when empty). Daily and longer rules carry theirs in ``times``.
    public var seconds: [Int]
    /// The day weeks start on, which decides what "every other week" counts.
    public var weekStart: Weekday

    public init(frequency: Frequency, interval: Int = 1, anchor: LocalDateTime, months: [Int] = [],
                monthDays: [Int] = [], weekdays: [OrdinalWeekday] = [], yearDays: [Int] = [], weekNumbers: [Int] = [],
                setPositions: [Int] = [], times: [LocalTime] = [], hours: [Int] = [], minutes: [Int] = [],
                seconds: [Int] = [], weekStart: Weekday = .monday) {
        self.frequency = frequency
        self.interval = interval
        self.anchor = anchor
        self.months = months
        self.monthDays = monthDays
        self.weekdays = weekdays
        self.yearDays = yearDays
        self.weekNumbers = weekNumbers
        self.setPositions = setPositions
        self.times = times
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.weekStart = weekStart
    }

    /// Whether the rule steps within a day (hourly or minutely).
    var isSubDaily: Bool { frequency == .hourly || frequency == .minutely }
}
