extension Schedule {
    /// A ``RecurrenceRule`` checked part by part and normalised (lists sorted, repeats
    /// dropped), or a ``ScheduleError`` naming the rule's field (`interval`, `months`,
    /// `monthDays`, `weekdays`, `setPositions`, `times`, `hours`, `minutes`).
    ///
    /// ```swift
    /// try Schedule.validated(RecurrenceRule(frequency: .monthly, anchor: start, weekdays: [.init(6, .monday)], times: [nine]))
    /// // throws: weekdays: 6MO is out of range: a month has at most 5 of a weekday
    /// ```
    static func validated(_ rule: RecurrenceRule) throws -> RecurrenceRule {
        var rule = rule
        try validate(rule.anchor, field: "anchor")
        let intervals: [RecurrenceRule.Frequency: Int] = [.minutely: 1440, .hourly: 24]
        let maximumInterval = intervals[rule.frequency] ?? maximumDayInterval
        guard (1...maximumInterval).contains(rule.interval) else {
            throw ScheduleError.outOfRange("interval", rule.interval, 1...maximumInterval)
        }
        rule.months = try distinct(rule.months, field: "months", in: 1...12)
        rule.monthDays = try distinct(rule.monthDays, field: "monthDays", in: -31...31)
        rule.setPositions = try distinct(rule.setPositions, field: "setPositions", in: -366...366)
        rule.hours = try distinct(rule.hours, field: "hours", in: 0...23)
        rule.minutes = try distinct(rule.minutes, field: "minutes", in: 0...59)
        rule.weekdays = Array(Set(rule.weekdays)).sorted { ($0.ordinal ?? 0, $0.weekday) < ($1.ordinal ?? 0, $1.weekday) }
        let ordinalLimit = rule.frequency == .yearly && rule.months.isEmpty ? 53 : 5
        for entry in rule.weekdays {
            guard let ordinal = entry.ordinal else { continue }
            guard rule.frequency == .monthly || rule.frequency == .yearly else {
                throw ScheduleError.malformed("weekdays", "an ordinal (\(ordinal)\(entry.weekday.rfc5545Code)) needs a monthly or yearly rule")
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
            guard rule.setPositions.isEmpty else {
                throw ScheduleError.unsupported("setPositions", "set positions need a daily or longer rule")
            }
        } else {
            rule.times = try validated(rule.times)
            guard rule.hours.isEmpty, rule.minutes.isEmpty else {
                throw ScheduleError.malformed("hours", "a daily or longer rule lists its times; hours and minutes are for hourly and minutely rules")
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
            guard !rule.monthDays.isEmpty || !rule.weekdays.isEmpty else {
                throw ScheduleError.empty("monthDays", "day of the month or weekday")
            }
        default:
            break
        }
        let pattern = RulePattern(rule)
        if rule.isSubDaily, !pattern.stepsMeetTheirFilters {
            throw ScheduleError(code: .empty, field: rule.minutes.isEmpty ? "hours" : "minutes",
                                message: "no step of the rule falls in the hours and minutes it keeps")
        }
        // A rule that never fires (February 30, the 5th Monday in a 4-week span) is a mistake.
        var cursor = pattern.cursor()
        guard cursor.next(atOrAfter: pattern.firstDay(ofPeriod: pattern.period(ofDay: rule.anchor.date.daysSinceEpoch)) * 86_400) != nil else {
            throw ScheduleError(code: .empty, field: rule.monthDays.isEmpty ? "weekdays" : "monthDays",
                                message: "the rule never occurs: no month has these days")
        }
        return rule
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
