import Foundation

extension RRULEParser {
    /// What `EXDATE` and `RDATE` lines say: days and occurrences to skip, extra ones.
    struct Dates {
        var excludedDates: Set<LocalDate> = []
        var excludedTimes: Set<LocalDateTime> = []
        var extraTimes: Set<LocalDateTime> = []
    }

    /// Reads `EXDATE` and `RDATE` lines: comma-separated `20261224` (a whole day, only
    /// for EXDATE) or `20261224T090000` in the schedule's zone; `...Z` in UTC when
    /// DTSTART has a zone; `TZID=` must be DTSTART's.
    ///
    /// ```swift
    /// try RRULEParser(text: "DTSTART:20261201T090000\nRRULE:FREQ=DAILY\nEXDATE;VALUE=DATE:20261225").schedule()
    /// ```
    func dates(_ lines: [Token], start: Start?) throws -> Dates {
        var dates = Dates()
        for line in lines {
            let name = line.text.uppercased().hasPrefix("EXDATE") ? "EXDATE" : "RDATE"
            func fail(_ code: ScheduleError.Code, _ message: String) -> ScheduleError {
                ScheduleError(code: code, field: name, message: message, position: line.position)
            }
            guard let colon = line.text.firstIndex(of: ":") else { throw fail(.malformed, "has no ':' before its value") }
            var dateOnly = false
            for parameter in line.text[..<colon].split(separator: ";").dropFirst() {
                let pieces = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                switch (pieces[0].uppercased(), pieces.count == 2 ? pieces[1] : nil) {
                case ("TZID", let identifier?):
                    guard identifier == start?.timeZone?.identifier[...] else {
                        throw fail(.unsupported, "TZID \(InputExcerpt(identifier)) must be DTSTART's zone (\(start?.timeZone?.identifier ?? "floating"))")
                    }
                case ("VALUE", let value?) where value.uppercased() == "DATE-TIME":
                    break
                case ("VALUE", let value?) where value.uppercased() == "DATE" && name == "EXDATE":
                    dateOnly = true
                default:
                    throw fail(.unsupported, "parameter \(InputExcerpt(parameter)) is not supported (TZID, VALUE=DATE-TIME\(name == "EXDATE" ? ", VALUE=DATE" : ""))")
                }
            }
            let values = line.text[line.text.index(after: colon)...]
            guard !values.isEmpty else { throw fail(.empty, "has no value") }
            for value in values.split(separator: ",", omittingEmptySubsequences: false) {
                if dateOnly || !value.contains("T" as Character) {
                    guard name == "EXDATE" else { throw fail(.unsupported, "\(InputExcerpt(value)): an extra date needs a time (20261224T090000)") }
                    guard let date = LocalDate(iso8601: value), (1...9999).contains(date.year) else {
                        throw fail(.malformed, "\(InputExcerpt(value)) is not a date like 20261224")
                    }
                    dates.excludedDates.insert(date)
                    continue
                }
                let local: LocalDateTime
                do {
                    local = try untilValue(Part(value: value, position: line.position), start: start)
                } catch let error as ScheduleError {
                    throw fail(error.code, error.message)
                }
                if name == "EXDATE" { dates.excludedTimes.insert(local) } else { dates.extraTimes.insert(local) }
            }
        }
        return dates
    }
}
