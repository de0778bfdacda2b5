/// A recurrence's local occurrences as the days they fall on and the times of day on
/// each of those days, precomputed so that expansion is plain integer arithmetic.
///
/// Days are counted since 1970-01-01, times in seconds since midnight.
///
/// ```swift
/// let pattern = OccurrencePattern(.weekly(weekdays: [.monday], times: [LocalTime(hour: 9)]))
/// pattern.firstDay(onOrAfter: 0) // 4: 1970-01-05, the first Monday
/// ```
struct OccurrencePattern: Sendable {
    enum Days: Sendable {
        /// One day.
        case single(Int)
        case everyDay
        /// Bit `weekday.rawValue - 1` set for each chosen weekday.
        case weekdays(mask: Int)
        case stepped(interval: Int, anchor: Int)
        /// Days of the month; negative ones count from the month's end.
        case monthDays([Int])
    }

    enum Times: Sendable {
        /// Ascending, without duplicates.
        case list([Int])
        /// `first`, `first + step`, ... while before `end`.
        case slots(first: Int, step: Int, end: Int)
    }

    let days: Days
    let times: Times
    /// The pattern of a ``Recurrence/rule(_:)``, which replaces ``days`` and ``times``.
    private(set) var rule: RulePattern?

    init(_ recurrence: Recurrence) {
        func seconds(_ times: [LocalTime]) -> Times { .list(times.map(\.secondsSinceMidnight)) }
        switch recurrence {
        case .once(let local):
            days = .single(local.date.daysSinceEpoch)
            times = seconds([local.time])
        case .daily(let list):
            days = .everyDay
            times = seconds(list)
        case .weekly(let weekdays, let list):
            days = Self.weekdayDays(weekdays)
            times = seconds(list)
        case .everyNDays(let interval, let anchor, let list):
            days = .stepped(interval: interval, anchor: anchor.daysSinceEpoch)
            times = seconds(list)
        case .minuteInterval(let minutes, let window, let weekdays):
            days = Self.weekdayDays(weekdays)
            times = .slots(first: window.start.secondsSinceMidnight, step: minutes * 60,
                           end: window.end.secondsSinceMidnight)
        case .monthly(let monthDays, let list):
            days = .monthDays(monthDays)
            times = seconds(list)
        case .rule(let recurrenceRule):
            days = .everyDay
            times = .list([])
            rule = RulePattern(recurrenceRule)
        }
    }

    /// A cursor over the local occurrences' wall seconds.
    func cursor() -> OccurrenceCursor { OccurrenceCursor(pattern: self) }

    private static func weekdayDays(_ weekdays: Set<Weekday>) -> Days {
        .weekdays(mask: weekdays.reduce(0) { $0 | 1 << ($1.rawValue - 1) })
    }

    /// How many days the pattern takes to repeat itself, or `nil` when it does not.
    /// The Gregorian calendar repeats every 400 years (146,097 days).
    var periodInDays: Int? {
        if rule != nil { return nil }
        return switch days {
        case .single: nil
        case .everyDay: 1
        case .weekdays: 7
        case .stepped(let interval, _): interval
        case .monthDays: 146_097
        }
    }

    // MARK: Days

    /// The first day on or after `day` that has occurrences, or `nil` if none does.
    func firstDay(onOrAfter day: Int) -> Int? {
        switch days {
        case .single(let single):
            return single >= day ? single : nil
        case .everyDay:
            return day
        case .weekdays(let mask):
            let weekdayIndex = ((day + 4) % 7 + 7) % 7  // 0 = Sunday; 1970-01-01 was a Thursday
            for ahead in 0..<7 where mask & (1 << ((weekdayIndex + ahead) % 7)) != 0 {
                return day + ahead
            }
            return nil
        case .stepped(let interval, let anchor):
            return day + ((anchor - day) % interval + interval) % interval
        case .monthDays(let monthDays):
            return firstMonthDay(onOrAfter: day, monthDays)
        }
    }

    private func firstMonthDay(onOrAfter day: Int, _ monthDays: [Int]) -> Int? {
        let date = LocalDate(daysSinceEpoch: day)
        var (year, month, dayOfMonth) = (date.year, date.month, date.day)
        // Of any two consecutive months one has 31 days, so the current month and the next
        // two hold every valid day of the month.
        for _ in 0..<3 {
            let length = LocalDate.daysIn(month: month, year: year)
            var best: Int?
            for monthDay in monthDays {
                let actual = monthDay > 0 ? monthDay : length + 1 + monthDay
                if actual >= dayOfMonth, actual <= length, actual >= 1, actual < best ?? .max { best = actual }
            }
            if let best { return LocalDate(year: year, month: month, day: best).daysSinceEpoch }
            (year, month, dayOfMonth) = month == 12 ? (year + 1, 1, 1) : (year, month + 1, 1)
        }
        return nil
    }

    // MARK: Times of day

    /// The index of the first time at or after `second` (the number of times if none is).
    func firstTimeIndex(atOrAfter second: Int) -> Int {
        switch times {
        case .list(let list):
            // Binary search: the list is ascending, and may hold up to 1,440 times.
            var (low, high) = (0, list.count)
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < second { low = middle + 1 } else { high = middle }
            }
            return low
        case .slots(let first, let step, let end):
            let count = (end - first + step - 1) / step
            guard second > first else { return 0 }
            return min(count, (second - first + step - 1) / step)
        }
    }

    /// The time at `index`, or `nil` past the last one.
    func time(at index: Int) -> Int? {
        switch times {
        case .list(let list):
            return index < list.count ? list[index] : nil
        case .slots(let first, let step, let end):
            let time = first + index * step
            return time < end ? time : nil
        }
    }

    // MARK: Counting local occurrences

    /// The wall second (since 1970-01-01T00:00 on the wall) of the `number`-th local
    /// occurrence at or after the wall second `start`, or `nil` if there are fewer or it
    /// lies beyond ±10¹² seconds.
    func wall(ofOccurrence number: Int, from start: Int) -> Int? {
        guard let period = periodInDays else { return walk(number, from: start, before: nil).wall }
        let periodEnd = start + period * 86_400
        let walked = walk(number, from: start, before: periodEnd)
        if let wall = walked.wall { return wall }
        // `walked.count` occurrences per period: skip whole periods, then walk the rest.
        let perPeriod = walked.count
        guard perPeriod > 0 else { return nil }
        let (periods, overflow) = ((number - 1) / perPeriod).multipliedReportingOverflow(by: period * 86_400)
        guard !overflow, let first = walk((number - 1) % perPeriod + 1, from: start, before: periodEnd).wall,
              periods <= 1_000_000_000_000 - first
        else { return nil }
        return first + periods
    }

    /// Walks local occurrences from `start` (inclusive) until `before` (exclusive): the
    /// wall second of the `number`-th, or `nil` and how many there were.
    private func walk(_ number: Int, from start: Int, before: Int?) -> (wall: Int?, count: Int) {
        var remaining = number
        var day = firstDay(onOrAfter: start.floorDivided(by: 86_400))
        while let current = day {
            let dayStart = current * 86_400
            if let before, dayStart >= before { break }
            let first = firstTimeIndex(atOrAfter: start - dayStart)
            let end = before.map { firstTimeIndex(atOrAfter: $0 - dayStart) } ?? firstTimeIndex(atOrAfter: 86_400)
            let count = max(0, end - first)
            if remaining <= count { return (dayStart + time(at: first + remaining - 1)!, number) }
            remaining -= count
            day = firstDay(onOrAfter: current + 1)
        }
        return (nil, number - remaining)
    }
}

extension Int {
    /// Division rounding toward negative infinity.
    @inline(__always)
    func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : (self - divisor + 1) / divisor
    }
}
