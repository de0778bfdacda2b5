extension Schedule {
    /// A ``RecurrenceRule`` checked part by part and normalised (lists sorted, repeats
    /// dropped), or a ``ScheduleError`` naming the rule's field (`interval`, `months`,
    /// `monthDays`, `weekdays`, `yearDays`, `weekNumbers`, `setPositions`, `times`,
    /// `hours`, `minutes`, `seconds`). What RFC 5545 forbids (days of the year in a daily,
    /// weekly or monthly rule, weeks outside a yearly one, days of the month in a weekly
    /// one) is refused.
    ///
    /// ```swift
    /// try Schedule.validated(RecurrenceRule(frequency: .monthly, anchor: start, weekdays: [.init(6, .monday)], times: [nine]))
    /// // throws: weekdays: 6MO is out of range: a month has at most 5 of a weekday
    /// ```
    static func validated(_ rule: RecurrenceRule) throws -> RecurrenceRule {
        var rule = rule
        try validate(rule.anchor, field: "anchor")
        let maximumInterval = maximumInterval(rule.frequency)
        guard (1...maximumInterval).contains(rule.interval) else {
            throw ScheduleError.outOfRange("interval", rule.interval, 1...maximumInterval)
        }
        try validateYearAndWeekParts(&rule)
        rule.months = try distinct(rule.months, field: "months", in: 1...12)
        rule.monthDays = try distinct(rule.monthDays, field: "monthDays", in: -31...31)
        rule.setPositions = try distinct(rule.setPositions, field: "setPositions", in: -366...366)
        rule.hours = try distinct(rule.hours, field: "hours", in: 0...23)
        rule.minutes = try distinct(rule.minutes, field: "minutes", in: 0...59)
        rule.seconds = try distinct(rule.seconds, field: "seconds", in: 0...59)
        rule.weekdays = Array(Set(rule.weekdays)).sorted { ($0.ordinal ?? 0, $0.weekday) < ($1.ordinal ?? 0, $1.weekday) }
        let ordinalLimit = rule.frequency == .yearly && rule.months.isEmpty ? 53 : 5
        for entry in rule.weekdays {
            guard let ordinal = entry.ordinal else { continue }
            guard rule.frequency == .monthly || rule.frequency == .yearly else {
                throw ScheduleError.malformed("weekdays", "an ordinal (\(ordinal)\(entry.weekday.rfc5545Code)) needs a monthly or yearly rule (RFC 5545)")
            }
            guard ordinal != 0, abs(ordinal) <= ordinalLimit else {
                throw ScheduleError(code: .outOfRange, field: "weekdays",
                                    message: "\(ordinal)\(entry.weekday.rfc5545Code): the ordinal must be 1...\(ordinalLimit) or -\(ordinalLimit)...-1")
            }
        }
        if rule.isSubDaily {
            guard rule.times.isEmpty else {
                throw ScheduleError.malformed("times", "an hourly or minutely rule steps from its anchor's time; use hours and minutes to keep some")
            }
        } else {
            rule.times = try validated(rule.times)
            guard rule.hours.isEmpty, rule.minutes.isEmpty, rule.seconds.isEmpty else {
                throw ScheduleError.malformed(rule.hours.isEmpty ? rule.minutes.isEmpty ? "seconds" : "minutes" : "hours",
                                              "a daily or longer rule lists its times; hours, minutes and seconds are for hourly and minutely rules")
            }
        }
        switch rule.frequency {
        case .weekly:
            guard !rule.monthDays.isEmpty || !rule.weekdays.isEmpty else { throw ScheduleError.empty("weekdays", "weekday") }
            guard rule.monthDays.isEmpty else {
                throw ScheduleError.malformed("monthDays", "a weekly rule cannot keep days of the month (RFC 5545)")
            }
        case .monthly:
            guard !rule.monthDays.isEmpty || !rule.weekdays.isEmpty else {
                throw ScheduleError.empty("monthDays", "day of the month or weekday")
            }
        case .yearly:
            guard !rule.monthDays.isEmpty || !rule.weekdays.isEmpty || !rule.yearDays.isEmpty || !rule.weekNumbers.isEmpty else {
                throw ScheduleError.empty("monthDays", "day of the month or weekday")
            }
        default:
            break
        }
        let pattern = RulePattern(rule)
        if rule.isSubDaily, !pattern.stepsMeetTheirFilters {
            let field = !rule.setPositions.isEmpty ? "setPositions" : rule.minutes.isEmpty ? "hours" : "minutes"
            throw ScheduleError(code: .empty, field: field,
                                message: field == "setPositions" ? "no position is in the set of a step's instants"
                                                                 : "no step of the rule falls in the hours and minutes it keeps")
        }
        // A rule that never fires (February 30, the 5th Monday in a 4-week span) is a mistake.
        var cursor = pattern.cursor()
        guard cursor.next(atOrAfter: pattern.firstDay(ofPeriod: pattern.period(ofDay: rule.anchor.date.daysSinceEpoch)) * 86_400) != nil else {
            let field = !rule.monthDays.isEmpty ? "monthDays" : !rule.yearDays.isEmpty ? "yearDays"
                : !rule.weekNumbers.isEmpty ? "weekNumbers" : "weekdays"
            throw ScheduleError(code: .empty, field: field, message: "the rule never occurs: no month or year has these days")
        }
        return rule
    }

    /// The longest interval of a frequency: ``maximumDayInterval`` days, in the rule's
    /// own periods for hourly and minutely rules.
    static func maximumInterval(_ frequency: RecurrenceRule.Frequency) -> Int {
        switch frequency {
        case .hourly: maximumDayInterval * 24
        case .minutely: maximumDayInterval * 1440
        default: maximumDayInterval
        }
    }

    /// Days of the year and weeks, checked and normalised; refused where RFC 5545
    /// forbids them: days of the year in daily, weekly and monthly rules, weeks outside
    /// yearly ones, and nth weekdays together with weeks.
    private static func validateYearAndWeekParts(_ rule: inout RecurrenceRule) throws {
        rule.yearDays = try distinct(rule.yearDays, field: "yearDays", in: -366...366)
        rule.weekNumbers = try distinct(rule.weekNumbers, field: "weekNumbers", in: -53...53)
        if !rule.yearDays.isEmpty, [.daily, .weekly, .monthly].contains(rule.frequency) {
            throw ScheduleError.malformed("yearDays", "RFC 5545 allows days of the year only in yearly, hourly and minutely rules")
        }
        guard !rule.weekNumbers.isEmpty else { return }
        guard rule.frequency == .yearly else {
            throw ScheduleError.malformed("weekNumbers", "RFC 5545 allows week numbers only in yearly rules")
        }
        if let nth = rule.weekdays.first(where: { $0.ordinal != nil }) {
            throw ScheduleError.malformed("weekdays", "an ordinal (\(nth.ordinal!)\(nth.weekday.rfc5545Code)) cannot be combined with week numbers (RFC 5545)")
        }
    }

    /// `values` sorted without repeats, each in `range` and not 0 when the range is signed.
    private static func distinct(_ values: [Int], field: String, in range: ClosedRange<Int>) throws -> [Int] {
        for value in values where !range.contains(value) || (range.lowerBound < 0 && value == 0) {
            let allowed = range.lowerBound < 0 ? "1...\(range.upperBound) or \(range.lowerBound)...-1" : "\(range.lowerBound)...\(range.upperBound)"
            throw ScheduleError(code: .outOfRange, field: field, message: "\(value) is out of range \(allowed)")
        }
        return Array(Set(values)).sorted()
    }
}
