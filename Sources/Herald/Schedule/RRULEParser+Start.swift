import Foundation

extension RRULEParser {
    /// Reads a `DTSTART` line: `DTSTART:20261121T090000` (floating),
    /// `DTSTART;TZID=Europe/Berlin:...` (pinned; the zone checked, given once) or `...Z`.
    func parseStart(_ line: Token) throws -> Start {
        func fail(_ code: ScheduleError.Code, _ message: String) -> ScheduleError {
            ScheduleError(code: code, field: "DTSTART", message: message, position: line.position)
        }
        if let error = spacedZoneError(line, field: "DTSTART") { throw error }
        guard let colon = line.text.firstIndex(of: ":") else { throw fail(.malformed, "has no ':' before its value") }
        var timeZone: TimeZone?
        for parameter in line.text[..<colon].split(separator: ";").dropFirst() {
            let pieces = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            switch (pieces[0].uppercased(), pieces.count == 2 ? pieces[1] : nil) {
            case ("TZID", let identifier?):
                let position = line.position + line.text.distance(from: line.text.startIndex, to: parameter.startIndex)
                guard timeZone == nil else {
                    throw ScheduleError(code: .duplicate, field: "DTSTART",
                                        message: "TZID is given more than once (give the zone once)", position: position)
                }
                guard let zone = TimeZone(checkedIdentifier: identifier) else {
                    throw ScheduleError(code: .malformed, field: "DTSTART",
                                        message: "TZID \(InputExcerpt(identifier)) is not a known time zone id", position: position)
                }
                timeZone = zone
            case ("VALUE", let value?) where value.uppercased() == "DATE-TIME":
                break
            default:
                throw fail(.unsupported, "parameter \(InputExcerpt(parameter)) is not supported (only TZID)")
            }
        }
        var value = line.text[line.text.index(after: colon)...]
        if value.uppercased().hasSuffix("Z") {
            guard timeZone == nil else { throw fail(.malformed, "has both TZID and a UTC time ('Z')") }
            timeZone = TimeZone(identifier: "GMT")
            value = value.dropLast()
        }
        guard let local = LocalDateTime(parsing: value) else {
            throw fail(.malformed, "\(InputExcerpt(value)) is not a date-time like 20261121T090000")
        }
        do {
            try Schedule.validate(local, field: "DTSTART")
        } catch let error as ScheduleError {
            throw fail(error.code, error.message)
        }
        return Start(local: local, timeZone: timeZone, position: line.position)
    }

    /// An `UNTIL` value (or an `EXDATE`/`RDATE` date-time): local, or `...Z` read in
    /// DTSTART's zone; a date alone is its last second.
    func untilValue(_ part: Part, start: Start?) throws -> LocalDateTime {
        var text = part.value
        let utc = text.uppercased().hasSuffix("Z")
        if utc { text = text.dropLast() }
        let local = text.contains("T" as Character) ? LocalDateTime(parsing: text)
            : LocalDate(iso8601: text).map { LocalDateTime(date: $0, time: LocalTime(hour: 23, minute: 59, second: 59)) }
        guard let local, (1...9999).contains(local.date.year) else {
            throw ScheduleError.malformed("UNTIL", "\(InputExcerpt(part.value)) is not a date-time like 20261231T235959")
                .at(position: part.position)
        }
        guard utc else { return local }
        guard let zone = start?.timeZone else {
            throw ScheduleError.malformed("UNTIL", "a UTC time ('Z') needs a DTSTART with TZID or in UTC").at(position: part.position)
        }
        let converter = ZoneConverter.for(zone)
        return converter.local(for: Date(timeIntervalSince1970: TimeInterval(local.wallSeconds)))
    }
}
