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
    let characters: [Character]

    init(text: String) {
        characters = Array(text)
    }

    /// A piece of the text and the 1-based position of its first character.
    struct Token {
        var text: Substring
        var position: Int

        func dropping(_ count: Int) -> Token {
            Token(text: text.dropFirst(count), position: position + count)
        }
    }

    struct Start {
        var local: LocalDateTime
        var timeZone: TimeZone?
        var position: Int
    }

    /// A rule part's value and where the part starts.
    struct Part {
        var value: Substring
        var position: Int
    }

    private static let supportedParts: Set<String> = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST",
        "BYMONTH", "BYSETPOS", "BYYEARDAY", "BYWEEKNO",
    ]
    /// The parts every frequency accepts besides FREQ.
    private static let commonParts: Set<String> = [
        "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYMONTH", "BYSETPOS", "WKST",
    ]
    /// The parts each frequency accepts besides FREQ: all but those RFC 5545's table
    /// (section 3.3.10) forbids: `BYMONTHDAY` with `WEEKLY`, `BYYEARDAY` with `DAILY`,
    /// `WEEKLY` and `MONTHLY`, `BYWEEKNO` with anything but `YEARLY`.
    static let partsByFrequency: [String: Set<String>] = [
        "MINUTELY": commonParts.union(["BYMONTHDAY", "BYYEARDAY"]),
        "HOURLY": commonParts.union(["BYMONTHDAY", "BYYEARDAY"]),
        "DAILY": commonParts.union(["BYMONTHDAY"]),
        "WEEKLY": commonParts,
        "MONTHLY": commonParts.union(["BYMONTHDAY"]),
        "YEARLY": commonParts.union(["BYMONTHDAY", "BYYEARDAY", "BYWEEKNO"]),
    ]

    /// Parses the text.
    ///
    /// - Throws: ``ScheduleError`` with the part's name and position.
    func schedule() throws -> Schedule {
        var start: Start?
        var rule: Token?
        var rulePosition = 1
        var dateLines: [Token] = []
        for line in lines() {
            let upper = line.text.uppercased()
            if upper.hasPrefix("DTSTART:") || upper.hasPrefix("DTSTART;") {
                guard start == nil else { throw ScheduleError.duplicate("DTSTART").at(position: line.position) }
                start = try parseStart(line)
            } else if ["EXDATE:", "EXDATE;", "RDATE:", "RDATE;"].contains(where: { upper.hasPrefix($0) }) {
                if let error = spacedZoneError(line, field: upper.hasPrefix("EXDATE") ? "EXDATE" : "RDATE") { throw error }
                dateLines.append(line)
            } else if upper.hasPrefix("RRULE:") || (!upper.contains(":" as Character) && upper.contains("=" as Character)) {
                guard rule == nil else { throw ScheduleError.duplicate("RRULE").at(position: line.position) }
                rule = upper.hasPrefix("RRULE:") ? line.dropping(6) : line
                rulePosition = line.position
            } else {
                let name = String(upper.prefix { $0 != ":" && $0 != ";" })
                let known = ["EXRULE", "DTEND", "DURATION"].contains(name)
                throw ScheduleError(code: known ? .unsupported : .malformed, field: Self.fieldName(name.isEmpty ? line.text : name[...]),
                                    message: known ? "is not supported; Herald reads DTSTART, RRULE, EXDATE and RDATE"
                                                   : "is not a DTSTART, RRULE, EXDATE or RDATE line",
                                    position: line.position)
            }
        }
        let dates = try self.dates(dateLines, start: start)
        guard let rule else {
            guard let start else {
                throw ScheduleError.missing("FREQ", "the text has no rule").at(position: dateLines.first?.position ?? 1)
            }
            return try make(.once(start.local), timeZone: start.timeZone, start: nil, end: nil, dates: dates, positions: [:],
                            fallback: start.position)
        }
        return try schedule(parts: parseParts(rule), start: start, dates: dates, rulePosition: rulePosition)
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

    private func parseParts(_ rule: Token) throws -> [String: Part] {
        var parts: [String: Part] = [:]
        var offset = 0
        for piece in rule.text.split(separator: ";", omittingEmptySubsequences: false) {
            defer { offset += piece.count + 1 }
            guard !piece.isEmpty else { continue }
            let position = rule.position + offset
            guard let equals = piece.firstIndex(of: "=") else {
                throw ScheduleError.malformed(Self.fieldName(piece), "is not a NAME=VALUE part").at(position: position)
            }
            let name = piece[..<equals].uppercased()
            let value = piece[piece.index(after: equals)...]
            guard Self.supportedParts.contains(name) else {
                throw ScheduleError.malformed(Self.fieldName(name.isEmpty ? piece : name[...]), "is not an RRULE part")
                    .at(position: position)
            }
            guard parts[name] == nil else { throw ScheduleError.duplicate(name).at(position: position) }
            guard !value.isEmpty else {
                throw ScheduleError(code: .empty, field: name, message: "has no value", position: position)
            }
            parts[name] = Part(value: value, position: position)
        }
        return parts
    }

    // MARK: The parts' values

    /// The anchor of rules without DTSTART whose phase does not matter.
    static let midnightAnchor = LocalDateTime(date: LocalDate(year: 1970, month: 1, day: 1), time: .midnight)

    func months(_ parts: [String: Part]) throws -> [Int] {
        try parts["BYMONTH"].map { try integers($0, field: "BYMONTH", in: 1...12) } ?? []
    }

    /// BYYEARDAY's days (1...366, or -366...-1 from the year's end).
    func yearDays(_ parts: [String: Part]) throws -> [Int] {
        try signedNonZero(parts, "BYYEARDAY", upTo: 366, what: "day of the year")
    }

    /// BYWEEKNO's weeks (1...53, or -53...-1 from the year's end).
    func weekNumbers(_ parts: [String: Part]) throws -> [Int] {
        try signedNonZero(parts, "BYWEEKNO", upTo: 53, what: "week")
    }

    private func signedNonZero(_ parts: [String: Part], _ field: String, upTo limit: Int, what: String) throws -> [Int] {
        try parts[field].map { part in
            let values = try integers(part, field: field, in: -limit...limit, signed: true)
            guard !values.contains(0) else {
                throw ScheduleError.malformed(field, "0 is not a \(what); use 1...\(limit) or -\(limit)...-1").at(position: part.position)
            }
            return values
        } ?? []
    }

    func monthDays(_ parts: [String: Part]) throws -> [Int] {
        try parts["BYMONTHDAY"].map { part in
            let days = try integers(part, field: "BYMONTHDAY", in: -31...31, signed: true)
            guard !days.contains(0) else {
                throw ScheduleError.malformed("BYMONTHDAY", "0 is not a day; use 1...31 or -31...-1").at(position: part.position)
            }
            return days
        } ?? []
    }

    /// Builds the schedule, placing a validation error on the part it comes from.
    func make(_ recurrence: Recurrence, timeZone: TimeZone?, start: LocalDateTime?, end: Schedule.End?,
                      dates: Dates, positions: [String: Int], fallback: Int) throws -> Schedule {
        do {
            return try Schedule(recurrence, timeZone: timeZone, start: start, end: end, excludedDates: dates.excludedDates,
                                excludedTimes: dates.excludedTimes, extraTimes: dates.extraTimes)
        } catch let error as ScheduleError {
            let field = ["count": "COUNT", "until": "UNTIL", "interval": "INTERVAL", "days": "BYMONTHDAY",
                         "start": "DTSTART", "anchor": "DTSTART", "months": "BYMONTH", "monthDays": "BYMONTHDAY",
                         "weekdays": "BYDAY", "setPositions": "BYSETPOS", "hours": "BYHOUR", "minutes": "BYMINUTE",
                         "seconds": "BYSECOND", "yearDays": "BYYEARDAY", "weekNumbers": "BYWEEKNO",
                         "times": "BYHOUR"][error.field]
            throw error.at(position: positions[error.field] ?? fallback, field: field ?? "FREQ")
        } catch {
            throw ScheduleError.malformed("FREQ", "\(error)").at(position: fallback)
        }
    }

    func end(_ parts: [String: Part], start: Start?) throws -> Schedule.End? {
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

    /// BYHOUR × BYMINUTE × BYSECOND, each defaulting to DTSTART's (or 0 without one).
    /// Each list loses its duplicates before they are multiplied, and the product is
    /// checked against ``Schedule/maximumTimesPerDay`` before it is built.
    func times(_ parts: [String: Part], start: Start?) throws -> [LocalTime] {
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
    func window(_ parts: [String: Part], start: Start?, minutes: Int) throws -> Schedule.DailyWindow {
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
        return Schedule.DailyWindow(start: LocalTime(secondsSinceMidnight: firstHour + phase), end: LocalTime(hour: hours.last! + 1))
    }

    /// BYDAY's weekdays, each with an optional signed ordinal (`2TU`, `-1FR`, `+1MO`).
    func weekdays(_ part: Part, field: String) throws -> [RecurrenceRule.OrdinalWeekday] {
        var days: [RecurrenceRule.OrdinalWeekday] = []
        for code in part.value.split(separator: ",", omittingEmptySubsequences: false) {
            guard code.count >= 2, let day = Weekday(rfc5545Code: code.suffix(2)) else {
                throw ScheduleError.malformed(field, "\(InputExcerpt(code)) is not a weekday (MO, TU, WE, TH, FR, SA, SU, or with an ordinal: 2TU, -1FR)")
                    .at(position: part.position)
            }
            let prefix = code.dropLast(2)
            guard !prefix.isEmpty else {
                days.append(.init(nil, day))
                continue
            }
            let digits = prefix.first == "-" || prefix.first == "+" ? prefix.dropFirst() : prefix
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let ordinal = Int(prefix) else {
                throw ScheduleError.malformed(field, "\(InputExcerpt(code)) has no ordinal like 2 or -1 before its weekday")
                    .at(position: part.position)
            }
            guard ordinal != 0, abs(ordinal) <= 53 else {
                throw ScheduleError(code: .outOfRange, field: field, message: "\(InputExcerpt(code)): the ordinal must be 1...53 or -53...-1",
                                    position: part.position)
            }
            days.append(.init(ordinal, day))
        }
        return days
    }

    /// The comma-separated integers of a part, each checked against `range`.
    func integers(_ part: Part, field: String, in range: ClosedRange<Int>, signed: Bool = false,
                          single: Bool = false) throws -> [Int] {
        let items = part.value.split(separator: ",", omittingEmptySubsequences: false)
        if single, items.count > 1 {
            throw ScheduleError.malformed(field, "takes one number, not a list").at(position: part.position)
        }
        return try items.map { item in
            let digits = signed && (item.hasPrefix("-") || item.hasPrefix("+")) ? item.dropFirst() : item
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw ScheduleError.malformed(field, "\(InputExcerpt(item)) is not a number").at(position: part.position)
            }
            guard let value = Int(item), range.contains(value) else {
                let bounds = range.upperBound == .max ? "at least \(range.lowerBound)" : "in \(range.lowerBound)...\(range.upperBound)"
                throw ScheduleError(code: .outOfRange, field: field, message: "\(item.prefix(InputExcerpt.limit)) is not \(bounds)",
                                    position: part.position)
            }
            return value
        }
    }
}
