/// Days of the year (`BYYEARDAY`) and weeks of the year (`BYWEEKNO`): the days of a
/// yearly rule that keeps either are every day of the year that passes each of the
/// rule's lists, as RFC 5545 combines them.
///
/// ```swift
/// var days: [Int] = []
/// RulePattern(rule).filteredDays(ofYear: 2026, into: &days) // BYWEEKNO=20;BYDAY=MO: [20584], 2026-05-11
/// ```
extension RulePattern {
    /// The days of `year` (numbered from 1970-01-01) that a yearly rule with days of the
    /// year or week numbers keeps, ascending: in a kept month, on a kept day of the
    /// month, weekday (nth ones counted in the month with months, else in the year), day
    /// of the year and week. At most 366 days are looked at.
    func filteredDays(ofYear year: Int, into days: inout [Int]) {
        let yearStart = Self.firstDay(ofYear: year), yearEnd = Self.firstDay(ofYear: year + 1) - 1
        let leapDay = LocalDate.isLeap(year) ? 1 : 0
        let weeks = rule.weekNumbers.isEmpty ? nil : WeekNumbering(year: year, weekStartIndex: rule.weekStart.rawValue - 1)
        for month in 1..<13 where monthMask & (1 << month) != 0 {
            let first = yearStart + Self.daysBeforeMonth[month] + (month > 2 ? leapDay : 0)
            let length = LocalDate.daysIn(month: month, year: year)
            let span = rule.months.isEmpty ? (yearStart, yearEnd) : (first, first + length - 1)
            for dayOfMonth in 1...length {
                let day = first + dayOfMonth - 1
                if !rule.monthDays.isEmpty, !rule.monthDays.contains(where: { ($0 > 0 ? $0 : length + 1 + $0) == dayOfMonth }) {
                    continue
                }
                if !rule.yearDays.isEmpty, !keepsYearDay(day, yearStart: yearStart, yearEnd: yearEnd) { continue }
                if let weeks, !weeks.keeps(day, numbers: rule.weekNumbers) { continue }
                if !rule.weekdays.isEmpty, !matchesWeekdays(day, span: span) { continue }
                days.append(day)
            }
        }
    }

    /// Whether `day`, in `year`, is one of the rule's days of the year.
    func keepsYearDay(_ day: Int, year: Int) -> Bool {
        keepsYearDay(day, yearStart: Self.firstDay(ofYear: year), yearEnd: Self.firstDay(ofYear: year + 1) - 1)
    }

    private func keepsYearDay(_ day: Int, yearStart: Int, yearEnd: Int) -> Bool {
        let fromStart = day - yearStart + 1, fromEnd = day - yearEnd - 1
        return rule.yearDays.contains { $0 == fromStart || $0 == fromEnd }
    }
}

/// The weeks of the years around one, as RFC 5545 numbers them: weeks start on the
/// rule's week start, and week 1 is the first with at least four days in its year (the
/// one holding January 4). A day early in January may be in the last week of the year
/// before, one late in December in week 1 of the year after.
///
/// ```swift
/// WeekNumbering(year: 1997, weekStartIndex: 1).keeps(day, numbers: [1]) // 1997-12-29: week 1 of 1998
/// ```
struct WeekNumbering {
    /// The first day of week 1 of the year before, the year, and the two after.
    private let weekOneStarts: [Int]

    /// `weekStartIndex` is the week start's weekday, 0 for Sunday.
    init(year: Int, weekStartIndex: Int) {
        weekOneStarts = (year - 1...year + 2).map { year in
            let januaryFourth = RulePattern.firstDay(ofYear: year) + 3
            let weekday = ((januaryFourth + 4) % 7 + 7) % 7
            return januaryFourth - ((weekday - weekStartIndex) % 7 + 7) % 7
        }
    }

    /// Whether `day`, a day of the year, is in one of the weeks `numbers` (1...53, or
    /// -53...-1 counted from the last week of the day's week-numbering year).
    func keeps(_ day: Int, numbers: [Int]) -> Bool {
        var index = 2
        while index > 0, weekOneStarts[index] > day { index -= 1 }
        let week = (day - weekOneStarts[index]) / 7 + 1
        let count = (weekOneStarts[index + 1] - weekOneStarts[index]) / 7
        return numbers.contains { $0 > 0 ? $0 == week : count + 1 + $0 == week }
    }
}
