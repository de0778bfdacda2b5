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
    /// - `FREQ`: `MINUTELY` and `HOURLY` (an `INTERVAL` dividing a day, inside the
    ///   consecutive hours of `BYHOUR`, optionally on `BYDAY`) give
    ///   ``Recurrence/minuteInterval(minutes:window:weekdays:)``; `DAILY` gives daily,
    ///   weekly with `BYDAY`, or every N days from DTSTART's date with `INTERVAL`;
    ///   `WEEKLY` (`INTERVAL=1`) with `BYDAY` or DTSTART's weekday; `MONTHLY`
    ///   (`INTERVAL=1`) with `BYMONTHDAY` or DTSTART's day.
    /// - Times are `BYHOUR` × `BYMINUTE` × `BYSECOND`, each defaulting to DTSTART's;
    ///   repeated values count once, and the product is at most
    ///   ``Schedule/maximumTimesPerDay`` (1,440) distinct times.
    /// - `INTERVAL` is at most 1440 with `MINUTELY`, 24 with `HOURLY` (and must divide a
    ///   day), and ``Schedule/maximumDayInterval`` (100,000) days with `DAILY`.
    /// - `COUNT` counts from DTSTART; `UNTIL` is inclusive, local, or UTC (`Z`) when
    ///   DTSTART has a zone; a date alone means the end of that day. `WKST` is accepted.
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
                return dtstartLine(local)
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
                return rule
            }
            return dtstartLine(start) + "\n" + rule
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
