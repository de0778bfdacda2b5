import Foundation

/// Building the ``Schedule`` from a rule's parts: the frequency and what it allows,
/// then a recurrence of minutes or hours, or one of days (the simple shapes Herald
/// expands fastest, else a full ``RecurrenceRule``).
extension RRULEParser {
    /// What every shape of recurrence reads from the rule's parts.
    struct RuleShape {
        var parts: [String: Part]
        var start: Start?
        /// Where `FREQ` is: the position of an error about a missing DTSTART.
        var freqPosition: Int
        var frequency: String
        var interval: Int
        var weekStart: Weekday
        var byDay: [RecurrenceRule.OrdinalWeekday]?
        /// The `BYDAY` weekdays when none has an ordinal (`MO,WE`, not `1MO`).
        var plainDays: Set<Weekday>?
        /// Whether only a full ``RecurrenceRule`` expresses the parts (`BYMONTH`,
        /// `BYSETPOS`, `BYYEARDAY`, `BYWEEKNO`, a `BYDAY` with an ordinal).
        var needsRule: Bool

        /// DTSTART, or the error saying that `what` is taken from it and it is absent.
        func requireStart(for what: String) throws -> Start {
            guard let start else {
                throw ScheduleError.missing("DTSTART", "\(what) is taken from DTSTART, which is absent").at(position: freqPosition)
            }
            return start
        }
    }

    func schedule(parts: [String: Part], start: Start?, dates: Dates, rulePosition: Int) throws -> Schedule {
        let freq = try frequencyPart(parts, rulePosition: rulePosition)
        let frequency = freq.value.uppercased()
        let weekStart = try parts["WKST"].map { part in
            let days = try weekdays(part, field: "WKST")
            guard days.count == 1, days[0].ordinal == nil else {
                throw ScheduleError.malformed("WKST", "takes one weekday (MO, SU, ...)").at(position: part.position)
            }
            return days[0].weekday
        } ?? .monday
        // At most ``Schedule/maximumDayInterval`` days, in the frequency's periods, so
        // that no product of it overflows.
        let maximumInterval = Schedule.maximumInterval(RecurrenceRule.Frequency(rawValue: frequency.lowercased()) ?? .daily)
        let interval = try parts["INTERVAL"].map { part in
            try integers(part, field: "INTERVAL", in: 1...maximumInterval, single: true)[0]
        } ?? 1
        let end = try self.end(parts, start: start)
        let byDay = try parts["BYDAY"].map { part in try weekdays(part, field: "BYDAY") }
        let hasOrdinal = byDay?.contains { $0.ordinal != nil } ?? false
        let shape = RuleShape(
            parts: parts, start: start, freqPosition: freq.position, frequency: frequency, interval: interval,
            weekStart: weekStart, byDay: byDay, plainDays: byDay.map { Set($0.map(\.weekday)) },
            needsRule: ["BYMONTH", "BYSETPOS", "BYYEARDAY", "BYWEEKNO"].contains { parts[$0] != nil } || hasOrdinal)
        let recurrence = switch frequency {
        case "MINUTELY", "HOURLY": try minuteRecurrence(shape)
        default: try dayRecurrence(shape)
        }
        return try make(recurrence, timeZone: start?.timeZone, start: start?.local, end: end, dates: dates,
                        positions: Self.fieldPositions(parts, start: start), fallback: freq.position)
    }

    /// `FREQ`, checked: a frequency Herald supports, with only the parts it allows.
    private func frequencyPart(_ parts: [String: Part], rulePosition: Int) throws -> Part {
        guard let freq = parts["FREQ"] else {
            throw ScheduleError.missing("FREQ", "the rule needs FREQ (DAILY, WEEKLY, ...)").at(position: rulePosition)
        }
        let frequency = freq.value.uppercased()
        guard let allowed = Self.partsByFrequency[frequency] else {
            let known = frequency == "SECONDLY"
            throw ScheduleError(code: known ? .unsupported : .malformed, field: "FREQ",
                                message: "\(InputExcerpt(freq.value)) is \(known ? "not supported" : "not a frequency"); use MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY",
                                position: freq.position)
        }
        let misplaced = parts.filter { $0.key != "FREQ" && !allowed.contains($0.key) }
        if let (name, part) = misplaced.min(by: { $0.value.position < $1.value.position }) {
            throw ScheduleError.malformed(name, "is not allowed with FREQ=\(frequency) (RFC 5545, section 3.3.10)").at(position: part.position)
        }
        if let setPosition = parts["BYSETPOS"], !parts.keys.contains(where: { $0.hasPrefix("BY") && $0 != "BYSETPOS" }) {
            throw ScheduleError.malformed("BYSETPOS", "needs another BY part to pick from (BYDAY, BYMONTHDAY, BYHOUR, ...; RFC 5545)")
                .at(position: setPosition.position)
        }
        return freq
    }

    /// Where a validation error of the schedule belongs, by its field.
    private static func fieldPositions(_ parts: [String: Part], start: Start?) -> [String: Int] {
        var positions = ["count": parts["COUNT"]?.position, "until": parts["UNTIL"]?.position,
                         "interval": parts["INTERVAL"]?.position, "days": parts["BYMONTHDAY"]?.position,
                         "start": start?.position, "anchor": start?.position, "months": parts["BYMONTH"]?.position,
                         "monthDays": parts["BYMONTHDAY"]?.position, "weekdays": parts["BYDAY"]?.position,
                         "setPositions": parts["BYSETPOS"]?.position, "hours": parts["BYHOUR"]?.position,
                         "minutes": parts["BYMINUTE"]?.position, "seconds": parts["BYSECOND"]?.position,
                         "yearDays": parts["BYYEARDAY"]?.position, "weekNumbers": parts["BYWEEKNO"]?.position]
            .compactMapValues { $0 }
        positions["times"] = parts["BYHOUR"]?.position ?? parts["BYMINUTE"]?.position
        return positions
    }

    /// `FREQ=MINUTELY` or `HOURLY`: steps through a daily window when they divide a day
    /// and nothing else narrows them, else a full rule.
    private func minuteRecurrence(_ shape: RuleShape) throws -> Recurrence {
        let parts = shape.parts, start = shape.start, interval = shape.interval
        let unit = shape.frequency == "HOURLY" ? 60 : 1
        let legacy = !shape.needsRule && parts["BYMINUTE"] == nil && parts["BYSECOND"] == nil && parts["BYMONTHDAY"] == nil
            && 1440 % (interval * unit) == 0
        if legacy, let window = try? window(parts, start: start, minutes: interval * unit) {
            return .minuteInterval(minutes: interval * unit, window: window, weekdays: shape.plainDays ?? Weekday.everyDay)
        }
        // The steps' phase is DTSTART's, or midnight's when the steps divide a day.
        let anchor = 1440 % (interval * unit) == 0 ? start?.local ?? Self.midnightAnchor
            : try shape.requireStart(for: "the phase of the steps").local
        return .rule(RecurrenceRule(
            frequency: unit == 60 ? .hourly : .minutely, interval: interval, anchor: anchor,
            months: try months(parts), monthDays: try monthDays(parts), weekdays: shape.byDay ?? [],
            yearDays: try yearDays(parts), setPositions: try setPositions(parts),
            hours: try parts["BYHOUR"].map { try integers($0, field: "BYHOUR", in: 0...23) } ?? [],
            minutes: try parts["BYMINUTE"].map { try integers($0, field: "BYMINUTE", in: 0...59) } ?? [],
            seconds: try parts["BYSECOND"].map { try integers($0, field: "BYSECOND", in: 0...59) } ?? [],
            weekStart: shape.weekStart))
    }

    /// `FREQ=DAILY`, `WEEKLY`, `MONTHLY` or `YEARLY`: a daily, weekly, every-n-days or
    /// monthly recurrence when the parts fit one, else a full rule.
    private func dayRecurrence(_ shape: RuleShape) throws -> Recurrence {
        let parts = shape.parts, interval = shape.interval, needsRule = shape.needsRule
        let times = try self.times(parts, start: try parts["BYHOUR"] == nil ? shape.requireStart(for: "the time of day") : shape.start)
        switch shape.frequency {
        case "DAILY" where !needsRule && parts["BYMONTHDAY"] == nil && (shape.byDay == nil || interval == 1):
            if let plainDays = shape.plainDays {
                return .weekly(weekdays: plainDays, times: times)
            } else if interval == 1 {
                return .daily(times: times)
            } else {
                return .everyNDays(interval: interval, anchor: try shape.requireStart(for: "the first day").local.date, times: times)
            }
        case "WEEKLY" where !needsRule && interval == 1:
            return .weekly(weekdays: try shape.plainDays ?? [shape.requireStart(for: "the weekday").local.date.weekday], times: times)
        case "MONTHLY" where !needsRule && interval == 1 && shape.byDay == nil:
            let days = try monthDays(parts)
            return .monthly(days: days.isEmpty ? [try shape.requireStart(for: "the day of the month").local.date.day] : days,
                            times: times)
        default:
            return .rule(try fullRule(shape, times: times))
        }
    }

    /// A full rule of days; what DTSTART gives when the parts leave it open (the
    /// weekday, the day of the month, the day of the year).
    private func fullRule(_ shape: RuleShape, times: [LocalTime]) throws -> RecurrenceRule {
        let parts = shape.parts, frequency = shape.frequency
        let anchor = shape.interval == 1 ? shape.start?.local ?? Self.midnightAnchor
            : try shape.requireStart(for: "the first period").local
        var months = try months(parts)
        var monthDays = try monthDays(parts)
        var weekdays = shape.byDay ?? []
        let yearDays = try yearDays(parts), weekNumbers = try weekNumbers(parts)
        switch frequency {
        case "WEEKLY" where weekdays.isEmpty:
            weekdays = [.init(nil, try shape.requireStart(for: "the weekday").local.date.weekday)]
        case "MONTHLY" where weekdays.isEmpty && monthDays.isEmpty:
            monthDays = [try shape.requireStart(for: "the day of the month").local.date.day]
        case "YEARLY" where weekdays.isEmpty && monthDays.isEmpty && yearDays.isEmpty && weekNumbers.isEmpty:
            let date = try shape.requireStart(for: "the day of the year").local.date
            monthDays = [date.day]
            if months.isEmpty { months = [date.month] }
        default:
            break
        }
        return RecurrenceRule(
            frequency: RecurrenceRule.Frequency(rawValue: frequency.lowercased())!, interval: shape.interval, anchor: anchor,
            months: months, monthDays: monthDays, weekdays: weekdays, yearDays: yearDays, weekNumbers: weekNumbers,
            setPositions: try setPositions(parts), times: times, weekStart: shape.weekStart)
    }

    /// BYSETPOS's positions (1...366, or -366...-1 from the set's end).
    private func setPositions(_ parts: [String: Part]) throws -> [Int] {
        try parts["BYSETPOS"].map { part in
            let positions = try integers(part, field: "BYSETPOS", in: -366...366, signed: true)
            guard !positions.contains(0) else {
                throw ScheduleError.malformed("BYSETPOS", "0 is not a position; use 1...366 or -366...-1").at(position: part.position)
            }
            return positions
        } ?? []
    }
}
