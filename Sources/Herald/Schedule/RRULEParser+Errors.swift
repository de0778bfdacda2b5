import Foundation

extension RRULEParser {
    /// A part or line name for an error's field: as written when it is short, else a
    /// quoted excerpt (an unknown 10 MB part is not echoed whole).
    static func fieldName(_ name: Substring) -> String {
        name.count <= InputExcerpt.limit ? String(name) : InputExcerpt(name).description
    }

    /// The error for a `TZID` whose value holds a space (`America/Los Angeles`): the
    /// text is split at spaces, so the line would otherwise be reported as having no
    /// ':' before its value. Names the zone as written, at the TZID parameter, and
    /// suggests the id with underscores when that is one.
    ///
    /// ```swift
    /// try RRULEParser(text: "DTSTART;TZID=America/Los Angeles:20261121T090000").schedule()
    /// // DTSTART at position 9: TZID 'America/Los Angeles' is not a time zone id: ids have no spaces (America/Los_Angeles)
    /// ```
    func spacedZoneError(_ line: Token, field: String) -> ScheduleError? {
        let upper = line.text.uppercased()
        guard line.text.firstIndex(of: ":") == nil, let tzid = upper.range(of: ";TZID=") else { return nil }
        let offset = upper.distance(from: upper.startIndex, to: tzid.lowerBound) + 1
        // The zone as written: from after `TZID=` to the next ':' or ';' on its line.
        var end = line.position - 1 + offset + 5
        let begin = end
        while end < characters.count, !":;\n\r".contains(characters[end]) { end += 1 }
        let zone = String(characters[begin..<end]).trimmingCharacters(in: .whitespaces)
        guard zone.contains(where: \.isWhitespace) else { return nil }
        let underscored = zone.split(whereSeparator: \.isWhitespace).joined(separator: "_")
        let suggestion = TimeZone(checkedIdentifier: underscored) != nil ? " (\(underscored))" : ""
        return ScheduleError(code: .malformed, field: field,
                             message: "TZID \(InputExcerpt(zone)) is not a time zone id: ids have no spaces\(suggestion)",
                             position: line.position + offset)
    }
}
