import Foundation

/// Reads RFC 5545 recurrence text (Herald's subset) into a ``Schedule``; see
/// ``Schedule/init(rrule:)`` for what is accepted. Every error is a ``ScheduleError``
/// whose field is the RRULE part (`BYHOUR`, `FREQ`, `DTSTART`, ...) and whose position
/// is the 1-based character offset of that part in the text.
///
/// ```swift
/// let schedule = try RRULEParser(text: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY").schedule()
/// ```
struct RRULEParser {
    private let characters: [Character]

    init(text: String) {
        characters = Array(text)
    }

    /// A piece of the text and the 1-based position of its first character.
    private struct Token {
        var text: Substring
        var position: Int

        func dropping(_ count: Int) -> Token {
            Token(text: text.dropFirst(count), position: position + count)
        }
    }

    private struct Start {
        var local: LocalDateTime
        var timeZone: TimeZone?
        var position: Int
    }

    /// A rule part's value and where the part starts.
    private struct Part {
        var value: Substring
        var position: Int
    }

    private static let supportedParts: Set<String> = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST",
    ]
    private static let unsupportedParts: Set<String> = ["BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS"]
    /// The parts each frequency accepts besides FREQ.
    private static let partsByFrequency: [String: Set<String>] = [
        "MINUTELY": ["INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYHOUR", "WKST"],
        "HOURLY": ["INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYHOUR", "WKST"],
        "DAILY": ["INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST"],
        "WEEKLY": ["INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST"],
        "MONTHLY": ["INTERVAL", "COUNT", "UNTIL", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST"],
    ]

    /// Parses the text.
    ///
    /// - Throws: ``ScheduleError`` with the part's name and position.
    func schedule() throws -> Schedule {
        var start: Start?
        var rule: Token?
        var rulePosition = 1
        for line in lines() {
            let upper = line.text.uppercased()
            if upper.hasPrefix("DTSTART:") || upper.hasPrefix("DTSTART;") {
                guard start == nil else { throw ScheduleError.duplicate("DTSTART").at(position: line.position) }
                start = try parseStart(line)
            } else if upper.hasPrefix("RRULE:") || (!upper.contains(":") && upper.contains("=")) {
                guard rule == nil else { throw ScheduleError.duplicate("RRULE").at(position: line.position) }
                rule = upper.hasPrefix("RRULE:") ? line.dropping(6) : line
                rulePosition = line.position
            } else {
                let name = String(upper.prefix { $0 != ":" && $0 != ";" })
                let known = ["EXDATE", "RDATE", "EXRULE", "DTEND", "DURATION"].contains(name)
                throw ScheduleError(code: known ? .unsupported : .malformed, field: name.isEmpty ? line.text.description : name,
                                    message: known ? "is not supported; Herald reads DTSTART and RRULE"
                                                   : "is not a DTSTART or RRULE line",
                                    position: line.position)
            }
        }
        guard let rule else {
            guard let start else { throw ScheduleError.missing("FREQ", "the text has no rule").at(position: 1) }
            return try make(.once(start.local), timeZone: start.timeZone, start: nil, end: nil, positions: [:],
                            fallback: start.position)
        }
        return try schedule(parts: parseParts(rule), start: start, rulePosition: rulePosition)
    }

    // MARK: Lines and parts

    /// The text split at line breaks and spaces, with empty pieces dropped.
    private func lines() -> [Token] {
        var tokens: [Token] = []
        var begin = 0
        for index in 0...characters.count {
            guard index == characters.count || characters[index].isWhitespace else { continue }
            if index > begin {
                tokens.append(Token(text: String(characters[begin..<index])[...], position: begin + 1))
            }
            begin = index + 1
        }
        return tokens
    }

    private func parseStart(_ line: Token) throws -> Start {
        func fail(_ code: ScheduleError.Code, _ message: String) -> ScheduleError {
            ScheduleError(code: code, field: "DTSTART", message: message, position: line.position)
        }
        guard let colon = line.text.firstIndex(of: ":") else { throw fail(.malformed, "has no ':' before its value") }
        var timeZone: TimeZone?
        for parameter in line.text[..<colon].split(separator: ";").dropFirst() {
            let pieces = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            switch (pieces[0].uppercased(), pieces.count == 2 ? pieces[1] : nil) {
            case ("TZID", let identifier?):
                guard let zone = TimeZone(identifier: String(identifier)) else {
                    throw fail(.malformed, "unknown time zone '\(identifier)'")
                }
                timeZone = zone
            case ("VALUE", let value?) where value.uppercased() == "DATE-TIME":
                break
            default:
                throw fail(.unsupported, "parameter '\(parameter)' is not supported (only TZID)")
            }
        }
        var value = line.text[line.text.index(after: colon)...]
        if value.uppercased().hasSuffix("Z") {
            guard timeZone == nil else { throw fail(.malformed, "has both TZID and a UTC time ('Z')") }
            timeZone = TimeZone(identifier: "GMT")
            value = value.dropLast()
        }
        guard let local = LocalDateTime(parsing: value) else {
            throw fail(.malformed, "'\(value)' is not a date-time like 20261121T090000")
        }
        do {
            try Schedule.validate(local, field: "DTSTART")
        } catch let error as ScheduleError {
            throw fail(error.code, error.message)
        }
        return Start(local: local, timeZone: timeZone, position: line.position)
    }

    private func parseParts(_ rule: Token) throws -> [String: Part] {
        var parts: [String: Part] = [:]
        var offset = 0
        for piece in rule.text.split(separator: ";", omittingEmptySubsequences: false) {
            defer { offset += piece.count + 1 }
            guard !piece.isEmpty else { continue }
            let position = rule.position + offset
            guard let equals = piece.firstIndex(of: "=") else {
                throw ScheduleError.malformed(String(piece), "is not a NAME=VALUE part").at(position: position)
            }
            let name = piece[..<equals].uppercased()
            let value = piece[piece.index(after: equals)...]
            guard Self.supportedParts.contains(name) else {
                if Self.unsupportedParts.contains(name) {
                    throw ScheduleError.unsupported(name, "is not supported").at(position: position)
                }
                throw ScheduleError.malformed(name.isEmpty ? String(piece) : name, "is not an RRULE part").at(position: position)
            }
            guard parts[name] == nil else { throw ScheduleError.duplicate(name).at(position: position) }
            guard !value.isEmpty else {
                throw ScheduleError(code: .empty, field: name, message: "has no value", position: position)
            }
            parts[name] = Part(value: value, position: position)
        }
        return parts
    }

    // MARK: Building the schedule

    private func schedule(parts: [String: Part], start: Start?, rulePosition: Int) throws -> Schedule {
        guard let freq = parts["FREQ"] else {
            throw ScheduleError.missing("FREQ", "the rule needs FREQ (DAILY, WEEKLY, ...)").at(position: rulePosition)
        }
        let frequency = freq.value.uppercased()
        guard let allowed = Self.partsByFrequency[frequency] else {
            let known = ["YEARLY", "SECONDLY"].contains(frequency)
            throw ScheduleError(code: known ? .unsupported : .malformed, field: "FREQ",
                                message: "\(freq.value) is \(known ? "not supported" : "not a frequency"); use MINUTELY, HOURLY, DAILY, WEEKLY or MONTHLY",
                                position: freq.position)
        }
        let misplaced = parts.filter { $0.key != "FREQ" && !allowed.contains($0.key) }
        if let (name, part) = misplaced.min(by: { $0.value.position < $1.value.position }) {
            throw ScheduleError.unsupported(name, "is not supported with FREQ=\(frequency)").at(position: part.position)
        }
        if let wkst = parts["WKST"] {
            // Only changes results for WEEKLY with INTERVAL > 1, which is not supported.
            _ = try weekdays(wkst, field: "WKST")
        }
        // At most a day for MINUTELY and HOURLY, ``Schedule/maximumDayInterval`` days
        // otherwise, so that no product of it overflows.
        let maximumInterval = ["MINUTELY": 1440, "HOURLY": 24][frequency] ?? Schedule.maximumDayInterval
        let interval = try parts["INTERVAL"].map { part in
            try integers(part, field: "INTERVAL", in: 1...maximumInterval, single: true)[0]
        } ?? 1
        let end = try self.end(parts, start: start)
        // Where a validation error of the schedule belongs, by its field.
        let positions = ["count": parts["COUNT"]?.position, "until": parts["UNTIL"]?.position,
                         "interval": parts["INTERVAL"]?.position, "days": parts["BYMONTHDAY"]?.position,
                         "start": start?.position].compactMapValues { $0 }

        func requireStart(for what: String) throws -> Start {
            guard let start else {
                throw ScheduleError.missing("DTSTART", "\(what) is taken from DTSTART, which is absent").at(position: freq.position)
            }
            return start
        }
        func requireIntervalOne() throws {
            if interval != 1, let part = parts["INTERVAL"] {
                throw ScheduleError.unsupported("INTERVAL", "must be 1 with FREQ=\(frequency)").at(position: part.position)
            }
        }

        let recurrence: Recurrence
        switch frequency {
        case "MINUTELY", "HOURLY":
            let unit = frequency == "HOURLY" ? 60 : 1
            guard 1440 % (interval * unit) == 0 else {
                throw ScheduleError.unsupported("INTERVAL", "\(interval * unit) minutes must divide a day (1440 minutes)")
                    .at(position: parts["INTERVAL"]!.position)
            }
            recurrence = .minuteInterval(minutes: interval * unit, window: try window(parts, start: start, minutes: interval * unit),
                                         weekdays: try parts["BYDAY"].map { part in try weekdays(part, field: "BYDAY") } ?? Weekday.everyDay)
        case "DAILY":
            let times = try self.times(parts, start: try parts["BYHOUR"] == nil ? requireStart(for: "the time of day") : start)
            if let byDay = parts["BYDAY"] {
                guard interval == 1 else {
                    throw ScheduleError.unsupported("BYDAY", "needs INTERVAL=1 with FREQ=DAILY").at(position: byDay.position)
                }
                recurrence = .weekly(weekdays: try weekdays(byDay, field: "BYDAY"), times: times)
            } else if interval == 1 {
                recurrence = .daily(times: times)
            } else {
                recurrence = .everyNDays(interval: interval, anchor: try requireStart(for: "the first day").local.date, times: times)
            }
        case "WEEKLY":
            try requireIntervalOne()
            let times = try self.times(parts, start: try parts["BYHOUR"] == nil ? requireStart(for: "the time of day") : start)
            let days = try parts["BYDAY"].map { part in try weekdays(part, field: "BYDAY") }
                ?? [try requireStart(for: "the weekday").local.date.weekday]
            recurrence = .weekly(weekdays: days, times: times)
        default:  // MONTHLY
            try requireIntervalOne()
            let times = try self.times(parts, start: try parts["BYHOUR"] == nil ? requireStart(for: "the time of day") : start)
            let days = try parts["BYMONTHDAY"].map { part in
                let days = try integers(part, field: "BYMONTHDAY", in: -31...31, signed: true)
                guard !days.contains(0) else {
                    throw ScheduleError.malformed("BYMONTHDAY", "0 is not a day; use 1...31 or -31...-1").at(position: part.position)
                }
                return days
            } ?? [try requireStart(for: "the day of the month").local.date.day]
            recurrence = .monthly(days: days, times: times)
        }
        return try make(recurrence, timeZone: start?.timeZone, start: start?.local, end: end, positions: positions,
                        fallback: freq.position)
    }

    /// Builds the schedule, placing a validation error on the part it comes from.
    private func make(_ recurrence: Recurrence, timeZone: TimeZone?, start: LocalDateTime?, end: ScheduleEnd?,
                      positions: [String: Int], fallback: Int) throws -> Schedule {
        do {
            return try Schedule(recurrence, timeZone: timeZone, start: start, end: end)
        } catch let error as ScheduleError {
            let field = ["count": "COUNT", "until": "UNTIL", "interval": "INTERVAL", "days": "BYMONTHDAY",
                         "start": "DTSTART"][error.field]
            throw error.at(position: positions[error.field] ?? fallback, field: field ?? "FREQ")
        } catch {
            throw ScheduleError.malformed("FREQ", "\(error)").at(position: fallback)
        }
    }

    private func end(_ parts: [String: Part], start: Start?) throws -> ScheduleEnd? {
        switch (parts["COUNT"], parts["UNTIL"]) {
        case (_?, let until?):
            throw ScheduleError.malformed("UNTIL", "cannot be given together with COUNT").at(position: until.position)
        case (let count?, nil):
            return .count(try integers(count, field: "COUNT", in: 1...Int.max, single: true)[0])
        case (nil, let until?):
            return .until(try untilValue(until, start: start))
        case (nil, nil):
            return nil
        }
    }

    private func untilValue(_ part: Part, start: Start?) throws -> LocalDateTime {
        var text = part.value
        let utc = text.uppercased().hasSuffix("Z")
        if utc { text = text.dropLast() }
        let local = text.contains("T") ? LocalDateTime(parsing: text)
            : LocalDate(iso8601: text).map { LocalDateTime(date: $0, time: LocalTime(hour: 23, minute: 59, second: 59)) }
        guard let local, (1...9999).contains(local.date.year) else {
            throw ScheduleError.malformed("UNTIL", "'\(part.value)' is not a date-time like 20261231T235959").at(position: part.position)
        }
        guard utc else { return local }
        guard let zone = start?.timeZone else {
            throw ScheduleError.malformed("UNTIL", "a UTC time ('Z') needs a DTSTART with TZID or in UTC").at(position: part.position)
        }
        let converter = ZoneConverter.for(zone)
        return converter.local(for: Date(timeIntervalSince1970: TimeInterval(local.wallSeconds)))
    }

    /// BYHOUR × BYMINUTE × BYSECOND, each defaulting to DTSTART's (or 0 without one).
    /// Each list loses its duplicates before they are multiplied, and the product is
    /// checked against ``Schedule/maximumTimesPerDay`` before it is built.
    private func times(_ parts: [String: Part], start: Start?) throws -> [LocalTime] {
        let time = start?.local.time
        func distinct(_ field: String, in range: ClosedRange<Int>, default value: Int) throws -> [Int] {
            guard let part = parts[field] else { return [value] }
            return Set(try integers(part, field: field, in: range)).sorted()
        }
        let hours = try distinct("BYHOUR", in: 0...23, default: time?.hour ?? 0)
        let minutes = try distinct("BYMINUTE", in: 0...59, default: time?.minute ?? 0)
        let seconds = try distinct("BYSECOND", in: 0...59, default: time?.second ?? 0)
        let count = hours.count * minutes.count * seconds.count  // at most 24 × 60 × 60
        if count > Schedule.maximumTimesPerDay {
            // Blame the time part written last: the one that tipped the product over.
            let (field, part) = ["BYHOUR", "BYMINUTE", "BYSECOND"].compactMap { name in parts[name].map { (name, $0) } }
                .max { $0.1.position < $1.1.position }!
            throw ScheduleError(code: .outOfRange, field: field,
                                message: "BYHOUR × BYMINUTE × BYSECOND give \(count) times a day; a rule fires at most \(Schedule.maximumTimesPerDay) times a day (use fewer values, or FREQ=MINUTELY)",
                                position: part.position)
        }
        return hours.flatMap { hour in
            minutes.flatMap { minute in seconds.map { LocalTime(hour: hour, minute: minute, second: $0) } }
        }
    }

    /// The window of a MINUTELY or HOURLY rule: BYHOUR's contiguous hours (all day
    /// without it), starting at the first time in step with DTSTART.
    private func window(_ parts: [String: Part], start: Start?, minutes: Int) throws -> DailyWindow {
        var hours = Array(0...23)
        if let part = parts["BYHOUR"] {
            hours = Array(Set(try integers(part, field: "BYHOUR", in: 0...23))).sorted()
            guard hours.last! - hours.first! == hours.count - 1 else {
                throw ScheduleError.unsupported("BYHOUR", "must be consecutive hours with FREQ=MINUTELY or HOURLY").at(position: part.position)
            }
        }
        let step = minutes * 60
        let firstHour = hours.first! * 3600
        let phase = start.map { (($0.local.time.secondsSinceMidnight - firstHour) % step + step) % step } ?? 0
        let end = (hours.last! + 1) * 3600
        guard firstHour + phase < end else {
            throw ScheduleError.unsupported("BYHOUR", "no time in step with DTSTART falls within these hours")
                .at(position: parts["BYHOUR"]!.position)
        }
        return DailyWindow(start: LocalTime(secondsSinceMidnight: firstHour + phase), end: LocalTime(hour: hours.last! + 1))
    }

    private func weekdays(_ part: Part, field: String) throws -> Set<Weekday> {
        var days: Set<Weekday> = []
        for code in part.value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let day = Weekday(rfc5545Code: code) else {
                let ordinal = code.count > 2 && Weekday(rfc5545Code: code.suffix(2)) != nil
                throw ScheduleError(code: ordinal ? .unsupported : .malformed, field: field,
                                    message: ordinal ? "'\(code)': weekdays with an ordinal (1MO, -1FR) are not supported"
                                                     : "'\(code)' is not a weekday (MO, TU, WE, TH, FR, SA, SU)",
                                    position: part.position)
            }
            days.insert(day)
        }
        return days
    }

    /// The comma-separated integers of a part, each checked against `range`.
    private func integers(_ part: Part, field: String, in range: ClosedRange<Int>, signed: Bool = false,
                          single: Bool = false) throws -> [Int] {
        let items = part.value.split(separator: ",", omittingEmptySubsequences: false)
        if single, items.count > 1 {
            throw ScheduleError.malformed(field, "takes one number, not a list").at(position: part.position)
        }
        return try items.map { item in
            let digits = signed && (item.hasPrefix("-") || item.hasPrefix("+")) ? item.dropFirst() : item
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw ScheduleError.malformed(field, "'\(item)' is not a number").at(position: part.position)
            }
            guard let value = Int(item), range.contains(value) else {
                let bounds = range.upperBound == .max ? "at least \(range.lowerBound)" : "in \(range.lowerBound)...\(range.upperBound)"
                throw ScheduleError(code: .outOfRange, field: field, message: "\(item) is not \(bounds)", position: part.position)
            }
            return value
        }
    }
}
