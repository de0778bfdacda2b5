import Foundation

extension Schedule {
    /// Reads a schedule from RFC 5545 text: an optional `DTSTART` line and an `RRULE:`
    /// line (or a bare `FREQ=...` rule), separated by line breaks or a space.
    ///
    /// ```swift
    /// let gym = try Schedule(rrule: "DTSTART;TZID=Europe/Berlin:20261121T180000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH")
    /// let water = try Schedule(rrule: "FREQ=DAILY;BYHOUR=9,15;BYMINUTE=0")
    /// ```
    ///
    /// - `DTSTART:20261121T090000` floats with the device's zone,
    ///   `DTSTART;TZID=Europe/Berlin:...` is pinned to that zone, `...Z` to UTC. It
    ///   becomes ``start`` (no occurrence before it) and supplies the defaults RFC 5545
    ///   takes from it. `DTSTART` alone, with no rule, is a ``Recurrence/once(_:)``.
    /// - `FREQ` `MINUTELY` to `YEARLY` with `INTERVAL`, `BYMONTH`, `BYMONTHDAY`
    ///   (negative from the month's end), `BYDAY` (with ordinals, `2TU`, `-1FR`, in
    ///   monthly and yearly rules), `BYYEARDAY`, `BYWEEKNO`, `BYSETPOS`, `BYHOUR`,
    ///   `BYMINUTE`, `BYSECOND` and `WKST`, combined as RFC 5545 says. Rules the typed kinds cover read as those
    ///   (``Recurrence/daily(times:)``, ``Recurrence/weekly(weekdays:times:)``, every N
    ///   days, ``Recurrence/minuteInterval(minutes:window:weekdays:)``, monthly days);
    ///   the rest as a ``Recurrence/rule(_:)``. Hourly and minutely rules step on the
    ///   wall clock from DTSTART (needed unless the step divides a day).
    /// - Times are `BYHOUR` × `BYMINUTE` × `BYSECOND`, each defaulting to DTSTART's;
    ///   repeated values count once, and the product is at most
    ///   ``Schedule/maximumTimesPerDay`` (1,440) distinct times.
    /// - `INTERVAL` is at most ``Schedule/maximumDayInterval`` (100,000) days, in the
    ///   rule's periods: 2,400,000 with `HOURLY`, 144,000,000 with `MINUTELY`.
    /// - `COUNT` counts from DTSTART; `UNTIL` is inclusive, local, or UTC (`Z`) when
    ///   DTSTART has a zone; a date alone means the end of that day.
    /// - `EXDATE` lines skip occurrences (`20261224T090000`) or whole days
    ///   (`VALUE=DATE`, or a date alone); `RDATE` lines add date-times. Values are in
    ///   the schedule's zone (`TZID=` must be DTSTART's) or UTC with `Z`.
    /// - `BYYEARDAY` (yearly, hourly and minutely rules) and `BYWEEKNO` (yearly rules)
    ///   keep days of the year and weeks; `BYSECOND` and `BYSETPOS` work with every
    ///   frequency (an hourly rule's set is its hour's `BYMINUTE` × `BYSECOND` instants).
    /// - `SECONDLY`, `EXRULE`, and `RDATE` dates and periods are refused as
    ///   ``ScheduleError/Code/unsupported`` at their position; what RFC 5545 forbids
    ///   (`BYWEEKNO` outside `YEARLY`, `BYYEARDAY` with `DAILY`, `WEEKLY` or `MONTHLY`,
    ///   `BYMONTHDAY` with `WEEKLY`, an nth `BYDAY` outside `MONTHLY` and `YEARLY` or
    ///   with `BYWEEKNO`, `BYSETPOS` without another `BY` part, `COUNT` with `UNTIL`)
    ///   as ``ScheduleError/Code/malformed``.
    ///
    /// - Throws: ``ScheduleError`` whose ``ScheduleError/field`` is the RRULE part at
    ///   fault (`BYHOUR`, `FREQ`, `DTSTART`) and whose ``ScheduleError/position`` is the
    ///   1-based character offset of that part in `rrule`.
    public init(rrule: String) throws {
        self = try RRULEParser(text: rrule).schedule()
    }

    /// The schedule as RFC 5545 text, a `DTSTART` line (when there is a start or a
    /// single date) and an `RRULE` line, which ``init(rrule:)`` reads back to an equal
    /// schedule.
    ///
    /// ```swift
    /// try Schedule.weekly(on: [.monday], at: [LocalTime(hour: 9)]).rrule
    /// // "RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"
    /// ```
    ///
    /// - Throws: ``ScheduleError`` with code ``ScheduleError/Code/unsupported`` for a
    ///   schedule the text cannot express: times that are not every combination of
    ///   their hours and minutes (09:00 and 15:30), a pinned zone or every-N-days
    ///   without a start (the zone and the first day live in DTSTART), an interval
    ///   window not made of whole hours, and the like. The message says what to change.
    public var rrule: String {
        get throws {
            var parts: [String]
            switch recurrence {
            case .once(let local):
                guard start == nil, end == nil else {
                    throw unsupported("start", "a single date cannot have a start or an end in RRULE text")
                }
                return dtstartLine(local) + dateLines()
            case .daily(let times):
                parts = ["FREQ=DAILY"] + (try timeParts(times))
            case .weekly(let weekdays, let times):
                parts = ["FREQ=WEEKLY", byDay(weekdays)] + (try timeParts(times))
            case .everyNDays(let interval, let anchor, let times):
                guard start?.date == anchor else {
                    throw unsupported("anchor", "every \(interval) days needs a start on its anchor \(anchor): RRULE counts from DTSTART")
                }
                parts = ["FREQ=DAILY", "INTERVAL=\(interval)"] + (try timeParts(times))
            case .minuteInterval(let minutes, let window, let weekdays):
                parts = try minuteParts(minutes, window)
                if weekdays != Weekday.everyDay { parts.append(byDay(weekdays)) }
            case .monthly(let days, let times):
                parts = ["FREQ=MONTHLY", "BYMONTHDAY=" + days.map(String.init).joined(separator: ",")] + (try timeParts(times))
            case .rule(let rule):
                parts = try ruleParts(rule)
            }
            switch end {
            case .count(let count): parts.append("COUNT=\(count)")
            case .until(let until): parts.append("UNTIL=" + untilText(until))
            case nil: break
            }
            let rule = "RRULE:" + parts.joined(separator: ";")
            guard let start else {
                guard timeZone == nil else {
                    throw unsupported("timeZone", "a pinned schedule needs a start: RRULE text carries the zone in DTSTART")
                }
                return rule + dateLines()
            }
            return dtstartLine(start) + "\n" + rule + dateLines()
        }
    }

    private func unsupported(_ field: String, _ message: String) -> ScheduleError {
        ScheduleError.unsupported(field, message)
    }

    private func dtstartLine(_ local: LocalDateTime) -> String {
        switch timeZone {
        case nil: "DTSTART:" + local.rfc5545Text
        case let zone? where Self.isUTC(zone): "DTSTART:" + local.rfc5545Text + "Z"
        case let zone?: "DTSTART;TZID=\(zone.identifier):" + local.rfc5545Text
        }
    }

    /// Local for floating schedules; UTC (as RFC 5545 asks when DTSTART has a zone)
    /// when that reads back to the same local time.
    private func untilText(_ until: LocalDateTime) -> String {
        guard let timeZone, !Self.isUTC(timeZone) else { return until.rfc5545Text + (timeZone == nil ? "" : "Z") }
        let converter = ZoneConverter.for(timeZone)
        let instant = converter.instant(for: until).date
        guard converter.local(for: instant) == until else { return until.rfc5545Text }
        return LocalDateTime(wallSeconds: ZoneConverter.seconds(instant)).rfc5545Text + "Z"
    }

    private static func isUTC(_ zone: TimeZone) -> Bool { ["GMT", "UTC"].contains(zone.identifier) }

    private func byDay(_ weekdays: Set<Weekday>) -> String {
        // Monday first, as calendars write them.
        "BYDAY=" + weekdays.sorted { ($0.rawValue + 5) % 7 < ($1.rawValue + 5) % 7 }.map(\.rfc5545Code).joined(separator: ",")
    }

    /// BYHOUR, BYMINUTE and, when needed, BYSECOND, if `times` are all their combinations.
    private func timeParts(_ times: [LocalTime]) throws -> [String] {
        let hours = Set(times.map(\.hour)).sorted(), minutes = Set(times.map(\.minute)).sorted()
        let seconds = Set(times.map(\.second)).sorted()
        guard hours.count * minutes.count * seconds.count == times.count else {
            throw unsupported("times", "RRULE times are every combination of BYHOUR and BYMINUTE; \(times) are not")
        }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        var parts = ["BYHOUR=" + list(hours), "BYMINUTE=" + list(minutes)]
        // Without BYSECOND the second comes from DTSTART.
        if seconds != [0] || (start?.time.second ?? 0) != 0 { parts.append("BYSECOND=" + list(seconds)) }
        return parts
    }

    /// FREQ, INTERVAL and BYHOUR of an interval rule, whose window must be whole hours
    /// starting at the first time in step with the start.
    private func minuteParts(_ minutes: Int, _ window: DailyWindow) throws -> [String] {
        guard 1440 % minutes == 0 else {
            throw unsupported("minutes", "RRULE intervals must divide a day (1440 minutes); \(minutes) does not")
        }
        let step = minutes * 60, firstHour = window.start.hour
        let phase = window.start.secondsSinceMidnight - firstHour * 3600
        guard window.end.minute == 0, window.end.second == 0, phase < step else {
            throw unsupported("window", "RRULE windows are whole hours (BYHOUR); \(window.start)–\(window.end) is not")
        }
        let startPhase = start.map { (($0.time.secondsSinceMidnight - firstHour * 3600) % step + step) % step } ?? 0
        guard startPhase == phase else {
            throw unsupported("window", "the window must start in step with the start (RRULE counts from DTSTART)")
        }
        let frequency = minutes % 60 == 0 ? "FREQ=HOURLY;INTERVAL=\(minutes / 60)" : "FREQ=MINUTELY;INTERVAL=\(minutes)"
        return [frequency, "BYHOUR=" + (firstHour..<window.end.hour).map(String.init).joined(separator: ",")]
    }
}

extension LocalDateTime {
    /// `20261121T090000`: RFC 5545's DATE-TIME form, seconds always written.
    var rfc5545Text: String {
        "\(pad(date.year, 4))\(pad(date.month, 2))\(pad(date.day, 2))T\(pad(time.hour, 2))\(pad(time.minute, 2))\(pad(time.second, 2))"
    }
}

extension Schedule {
    /// The RRULE parts of a ``Recurrence/rule(_:)``. The text carries the rule's phase
    /// in DTSTART, so a start must be in step with the anchor (or, without a start,
    /// the anchor in step with 1970-01-01T00:00, what the text means without DTSTART).
    fileprivate func ruleParts(_ rule: RecurrenceRule) throws -> [String] {
        let pattern = RulePattern(rule)
        let reference = start ?? LocalDateTime(date: LocalDate(year: 1970, month: 1, day: 1), time: .midnight)
        if rule.isSubDaily {
            let step = rule.interval * (rule.frequency == .hourly ? 3600 : 60)
            guard (reference.wallSeconds - rule.anchor.wallSeconds) % step == 0 else {
                throw unsupported("anchor", "the steps of \(rule.anchor) must be in step with \(start.map { "the start \($0)" } ?? "midnight (or give a start)"): RRULE counts from DTSTART")
            }
        } else if rule.interval > 1 {
            let distance = pattern.period(ofDay: reference.date.daysSinceEpoch) - pattern.period(ofDay: rule.anchor.date.daysSinceEpoch)
            guard distance % rule.interval == 0 else {
                throw unsupported("anchor", "every \(rule.interval) periods needs a start in step with the anchor \(rule.anchor.date): RRULE counts from DTSTART")
            }
        }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        var parts = ["FREQ=" + rule.frequency.rawValue.uppercased()]
        if rule.interval > 1 { parts.append("INTERVAL=\(rule.interval)") }
        if !rule.months.isEmpty { parts.append("BYMONTH=" + list(rule.months)) }
        if !rule.monthDays.isEmpty { parts.append("BYMONTHDAY=" + list(rule.monthDays)) }
        if !rule.weekdays.isEmpty {
            parts.append("BYDAY=" + rule.weekdays.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.rfc5545Code }.joined(separator: ","))
        }
        if !rule.yearDays.isEmpty { parts.append("BYYEARDAY=" + list(rule.yearDays)) }
        if !rule.weekNumbers.isEmpty { parts.append("BYWEEKNO=" + list(rule.weekNumbers)) }
        if rule.isSubDaily {
            if !rule.hours.isEmpty { parts.append("BYHOUR=" + list(rule.hours)) }
            if rule.frequency == .hourly {
                // Without BYMINUTE the minute would come from DTSTART, not the anchor.
                parts.append("BYMINUTE=" + list(rule.minutes.isEmpty ? [rule.anchor.time.minute] : rule.minutes))
            } else if !rule.minutes.isEmpty {
                parts.append("BYMINUTE=" + list(rule.minutes))
            }
            if !rule.seconds.isEmpty { parts.append("BYSECOND=" + list(rule.seconds)) }
        } else {
            parts += try timeParts(rule.times)
        }
        if !rule.setPositions.isEmpty { parts.append("BYSETPOS=" + list(rule.setPositions)) }
        if rule.weekStart != .monday { parts.append("WKST=" + rule.weekStart.rfc5545Code) }
        return parts
    }

    /// `EXDATE` and `RDATE` lines for the exclusions and extra times, empty without.
    func dateLines() -> String {
        var lines: [String] = []
        if !excludedDates.isEmpty {
            lines.append("EXDATE;VALUE=DATE:" + excludedDates.sorted().map { $0.rfc5545Text }.joined(separator: ","))
        }
        for (name, times) in [("EXDATE", excludedTimes), ("RDATE", extraTimes)] where !times.isEmpty {
            lines.append(dateTimeLine(name, times.sorted()))
        }
        return lines.map { "\n" + $0 }.joined()
    }

    private func dateTimeLine(_ name: String, _ times: [LocalDateTime]) -> String {
        let values = times.map(\.rfc5545Text).joined(separator: ",")
        switch timeZone {
        case nil: return name + ":" + values
        case let zone? where ["GMT", "UTC"].contains(zone.identifier): return name + ":" + times.map { $0.rfc5545Text + "Z" }.joined(separator: ",")
        case let zone?: return name + ";TZID=\(zone.identifier):" + values
        }
    }
}

extension LocalDate {
    /// `20261224`: RFC 5545's DATE form.
    var rfc5545Text: String { "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))" }
}
