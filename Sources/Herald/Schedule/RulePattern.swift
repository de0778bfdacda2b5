/// A validated ``RecurrenceRule`` precomputed for expansion: its periods, day filters
/// and times as integers, so that finding the next local occurrence is day arithmetic
/// with no `Calendar` call.
///
/// Days are counted since 1970-01-01, walls are seconds since 1970-01-01T00:00 on the
/// wall. Periods are numbered: days for daily rules, weeks (starting on the rule's week
/// start) for weekly ones, `year * 12 + month - 1` for monthly ones, years for yearly ones.
///
/// A class, built once per ``Schedule``: cursors share it instead of copying the rule's
/// arrays on every expansion.
///
/// ```swift
/// var cursor = RulePattern(rule).cursor()
/// cursor.next(atOrAfter: start.wallSeconds) // the first local occurrence's wall second
/// ```
final class RulePattern: Sendable {
    let rule: RecurrenceRule
    /// Whether the rule steps within a day (hourly or minutely).
    let isSubDaily: Bool
    /// Whether the rule is daily without set positions: one day a period, walked by
    /// ``nextDaily(atOrAfter:)``.
    let isPlainDaily: Bool
    /// Bit `month` set for each kept month (all when the rule keeps every month).
    let monthMask: Int
    /// Bit `weekday index` (0 = Sunday) for each weekday without an ordinal.
    let everyWeekdayMask: Int
    /// Weekdays with an ordinal.
    private let ordinalWeekdays: [(ordinal: Int, index: Int)]
    /// Seconds since midnight, ascending.
    let times: [Int]
    /// The anchor's period.
    private let anchorPeriod: Int
    /// Hourly and minutely rules: the wall second their steps count from, the step, and
    /// the offsets within each step, ascending (each less than the step).
    let stepBase: Int
    let step: Int
    let stepOffsets: [Int]
    /// Bit `hour` for kept hours; bits for kept minutes (minutely rules).
    let hourMask: Int
    let minuteMask: UInt64
    /// Whether an hourly or minutely rule keeps every step: no month, day, weekday,
    /// day of the year, hour or minute limit.
    let keepsEveryStep: Bool
    /// Whether a yearly rule keeps days of the year or weeks: its days are found by
    /// ``filteredDays(ofYear:into:)``.
    let filtersYearDays: Bool

    /// No wall beyond this is produced (about 31,000 years).
    static let wallLimit = 1_000_000_000_000

    init(_ rule: RecurrenceRule) {
        self.rule = rule
        isSubDaily = rule.isSubDaily
        isPlainDaily = rule.frequency == .daily && rule.setPositions.isEmpty
        monthMask = rule.months.isEmpty ? 0x1FFE : rule.months.reduce(0) { $0 | 1 << $1 }
        everyWeekdayMask = rule.weekdays.filter { $0.ordinal == nil }.reduce(0) { $0 | 1 << ($1.weekday.rawValue - 1) }
        ordinalWeekdays = rule.weekdays.compactMap { entry in entry.ordinal.map { ($0, entry.weekday.rawValue - 1) } }
        times = rule.times.map(\.secondsSinceMidnight)
        hourMask = rule.hours.isEmpty ? (1 << 24) - 1 : rule.hours.reduce(0) { $0 | 1 << $1 }
        let anchorWall = rule.anchor.wallSeconds
        let anchorTime = rule.anchor.time
        let seconds = rule.seconds.isEmpty ? [anchorTime.second] : rule.seconds
        switch rule.frequency {
        case .hourly:
            step = rule.interval * 3600
            stepBase = anchorWall - anchorTime.minute * 60 - anchorTime.second
            let minutes = rule.minutes.isEmpty ? [anchorTime.minute] : rule.minutes
            stepOffsets = Self.kept(rule.setPositions, of: minutes.flatMap { minute in seconds.map { minute * 60 + $0 } })
            minuteMask = ~0
        case .minutely:
            step = rule.interval * 60
            stepBase = anchorWall - anchorTime.second
            stepOffsets = Self.kept(rule.setPositions, of: seconds)
            minuteMask = rule.minutes.isEmpty ? ~0 : rule.minutes.reduce(0) { $0 | 1 << UInt64($1) }
        default:
            (step, stepBase, stepOffsets, minuteMask) = (0, 0, [], ~0)
        }
        keepsEveryStep = rule.weekdays.isEmpty && rule.months.isEmpty && rule.monthDays.isEmpty && rule.yearDays.isEmpty
            && rule.hours.isEmpty && minuteMask == ~0
        filtersYearDays = rule.frequency == .yearly && !(rule.yearDays.isEmpty && rule.weekNumbers.isEmpty)
        anchorPeriod = Self.period(ofDay: rule.anchor.date.daysSinceEpoch, frequency: rule.frequency, weekStart: rule.weekStart)
    }

    func cursor() -> RuleCursor { RuleCursor(pattern: self) }

    // MARK: Periods

    func period(ofDay day: Int) -> Int {
        Self.period(ofDay: day, frequency: rule.frequency, weekStart: rule.weekStart)
    }

    private static func period(ofDay day: Int, frequency: RecurrenceRule.Frequency, weekStart: Weekday) -> Int {
        switch frequency {
        case .weekly:
            return (day + 4 - (weekStart.rawValue - 1)).floorDivided(by: 7)
        case .monthly:
            let date = LocalDate(daysSinceEpoch: day)
            return date.year * 12 + date.month - 1
        case .yearly:
            return LocalDate(daysSinceEpoch: day).year
        default:
            return day
        }
    }

    /// The first period at or after `period` that is in step with the anchor's.
    func alignedPeriod(atOrAfter period: Int) -> Int {
        let interval = isSubDaily ? 1 : rule.interval
        return period + ((anchorPeriod - period) % interval + interval) % interval
    }

    func firstDay(ofPeriod period: Int) -> Int {
        switch rule.frequency {
        case .weekly: period * 7 + rule.weekStart.rawValue - 1 - 4
        case .monthly: LocalDate(year: period.floorDivided(by: 12), month: period - period.floorDivided(by: 12) * 12 + 1, day: 1).daysSinceEpoch
        case .yearly: Self.firstDay(ofYear: period)
        default: period
        }
    }

    /// January 1 of `year` as a day number: 365 days a year and one per leap year
    /// before it, counted from 1970 (477 leap years before 1970 since year 1).
    static func firstDay(ofYear year: Int) -> Int {
        let before = year - 1
        return 365 * (year - 1970) + before.floorDivided(by: 4) - before.floorDivided(by: 100) + before.floorDivided(by: 400) - 477
    }

    /// How many aligned periods to search before concluding that none holds a day:
    /// the Gregorian calendar repeats every 400 years (146,097 days, 20,871 weeks,
    /// 4,800 months).
    var periodsPerCycle: Int {
        switch rule.frequency {
        case .weekly: 20_871
        case .monthly: 4_800
        case .yearly: 400
        default: 146_097
        }
    }

    /// The days of `period` (daily and longer rules) that hold occurrences, ascending,
    /// before set positions. Without set positions a yearly rule's months that start
    /// after `throughDay` are left out (their days would all be later).
    func days(inPeriod period: Int, into days: inout [Int], throughDay: Int = .max) {
        if !days.isEmpty { days.removeAll(keepingCapacity: true) }
        switch rule.frequency {
        case .weekly:
            let first = firstDay(ofPeriod: period)
            var weekday = weekdayIndex(first)
            for day in first..<(first + 7) {
                if everyWeekdayMask & (1 << weekday) != 0 && keepsMonth(of: day) { days.append(day) }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
        case .monthly:
            let year = period.floorDivided(by: 12), month = period - year * 12 + 1
            guard monthMask & (1 << month) != 0 else { return }
            let first = LocalDate(year: year, month: month, day: 1).daysSinceEpoch
            appendDays(first: first, length: LocalDate.daysIn(month: month, year: year), ordinalSpan: nil, into: &days)
        case .yearly:
            if filtersYearDays {
                filteredDays(ofYear: period, into: &days)
            } else if rule.months.isEmpty && rule.monthDays.isEmpty {
                // Weekdays of the year; ordinals count in the year.
                let first = Self.firstDay(ofYear: period)
                let last = Self.firstDay(ofYear: period + 1) - 1
                appendWeekdays(first: first, last: last, into: &days)
            } else {
                let yearStart = Self.firstDay(ofYear: period)
                let leapDay = LocalDate.isLeap(period) ? 1 : 0
                let ordinalSpan = rule.months.isEmpty ? (yearStart, yearStart + 364 + leapDay) : nil
                let truncates = rule.setPositions.isEmpty
                for month in 1..<13 where monthMask & (1 << month) != 0 {
                    let first = yearStart + Self.daysBeforeMonth[month] + (month > 2 ? leapDay : 0)
                    if truncates, first > throughDay { break }
                    appendDays(first: first, length: LocalDate.daysIn(month: month, year: period), ordinalSpan: ordinalSpan,
                               into: &days)
                }
            }
        default:
            if dayPassesLimits(period) { days.append(period) }
        }
    }

    /// The month's days from the month days (limited by the weekdays) or from the
    /// weekdays alone; ordinals count in the month, or in `ordinalSpan` when given.
    private func appendDays(first: Int, length: Int, ordinalSpan: (Int, Int)?, into days: inout [Int]) {
        guard !rule.monthDays.isEmpty else {
            appendWeekdays(first: first, last: first + length - 1, into: &days)
            return
        }
        let start = days.count
        for monthDay in rule.monthDays {
            let dayOfMonth = monthDay > 0 ? monthDay : length + 1 + monthDay
            guard dayOfMonth >= 1, dayOfMonth <= length else { continue }
            let day = first + dayOfMonth - 1
            if rule.weekdays.isEmpty || matchesWeekdays(day, span: ordinalSpan ?? (first, first + length - 1)) { days.append(day) }
        }
        Self.sortWithoutRepeats(&days, from: start)
    }

    /// Days from January 1 to the first of each month (index 1...12) in a common year.
    static let daysBeforeMonth = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

    /// Sorts `days[start...]` and drops repeats: two month days (3 and -28 in March) or
    /// two ordinals (1MO and -5MO) may name the same day.
    private static func sortWithoutRepeats(_ days: inout [Int], from start: Int) {
        guard days.count - start > 1 else { return }
        days.withUnsafeMutableBufferPointer { $0[start...].sort() }
        var write = start
        for read in start..<days.count where write == start || days[read] != days[write - 1] {
            days[write] = days[read]
            write += 1
        }
        days.removeLast(days.count - write)
    }

    /// Every day of `first...last` on a weekday without an ordinal, and the nth of
    /// those with one, ascending and without repeats. Nth weekdays are found by
    /// arithmetic, without visiting the span's days.
    private func appendWeekdays(first: Int, last: Int, into days: inout [Int]) {
        let start = days.count
        if everyWeekdayMask != 0 {
            var weekday = weekdayIndex(first)
            for day in first..<(last + 1) {
                if everyWeekdayMask & (1 << weekday) != 0 { days.append(day) }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
        }
        let everyCount = days.count
        for (ordinal, index) in ordinalWeekdays where everyWeekdayMask & (1 << index) == 0 {
            if let day = Self.nth(ordinal, weekdayIndex: index, first: first, last: last) { days.append(day) }
        }
        // The days of every-weekdays come ascending; nth ones may need placing.
        if days.count > everyCount { Self.sortWithoutRepeats(&days, from: start) }
    }

    func matchesWeekdays(_ day: Int, span: (Int, Int)) -> Bool {
        let index = weekdayIndex(day)
        if everyWeekdayMask & (1 << index) != 0 { return true }
        return ordinalWeekdays.contains { $0.index == index && Self.nth($0.ordinal, weekdayIndex: index, first: span.0, last: span.1) == day }
    }

    /// The `ordinal`-th day with weekday `weekdayIndex` in `first...last` (negative
    /// from the end), or `nil` when there is no such day.
    static func nth(_ ordinal: Int, weekdayIndex: Int, first: Int, last: Int) -> Int? {
        let firstMatch = first + ((weekdayIndex - ((first + 4) % 7 + 7) % 7) % 7 + 7) % 7
        guard firstMatch <= last else { return nil }
        let count = (last - firstMatch) / 7 + 1
        guard ordinal != 0, abs(ordinal) <= count else { return nil }
        return ordinal > 0 ? firstMatch + 7 * (ordinal - 1) : firstMatch + 7 * (count + ordinal)
    }

    func weekdayIndex(_ day: Int) -> Int { ((day + 4) % 7 + 7) % 7 }

    private func keepsMonth(of day: Int) -> Bool {
        rule.months.isEmpty || monthMask & (1 << LocalDate(daysSinceEpoch: day).month) != 0
    }

    /// The month, month-day, weekday and year-day limits of daily, hourly and minutely
    /// rules.
    func dayPassesLimits(_ day: Int) -> Bool {
        if !rule.weekdays.isEmpty, everyWeekdayMask & (1 << weekdayIndex(day)) == 0 { return false }
        guard !rule.months.isEmpty || !rule.monthDays.isEmpty || !rule.yearDays.isEmpty else { return true }
        let date = LocalDate(daysSinceEpoch: day)
        if !rule.yearDays.isEmpty, !keepsYearDay(day, year: date.year) { return false }
        guard monthMask & (1 << date.month) != 0 else { return false }
        guard !rule.monthDays.isEmpty else { return true }
        let length = LocalDate.daysIn(month: date.month, year: date.year)
        return rule.monthDays.contains { ($0 > 0 ? $0 : length + 1 + $0) == date.day }
    }

    // MARK: Daily

    /// The first wall at or after `wall` of a daily rule without set positions, day by
    /// day without loading periods; `nil` as ``RuleCursor/next(atOrAfter:)`` gives it.
    func nextDaily(atOrAfter wall: Int) -> Int? {
        guard wall <= Self.wallLimit else { return nil }
        var day = wall.floorDivided(by: 86_400)
        var timeIndex = RuleCursor.firstIndex(in: times, atOrAfter: wall - day * 86_400)
        if timeIndex == times.count { (day, timeIndex) = (day + 1, 0) }
        for _ in 0..<(periodsPerCycle + 1) {
            let aligned = alignedPeriod(atOrAfter: day)
            if aligned != day { (day, timeIndex) = (aligned, 0) }
            guard day <= Self.wallLimit / 86_400 else { return nil }
            if dayPassesLimits(day) { return day * 86_400 + times[timeIndex] }
            (day, timeIndex) = (day + rule.interval, 0)
        }
        return nil
    }
}
