import Foundation
import Herald
import HeraldScenario

extension OccurrenceListing {
    /// What `herald occurrences` says when a listing stopped at its limit: `stopped at
    /// the limit of 1000 occurrences; pass --limit to list more (up to 1000000)`, or, at
    /// the largest limit, to list the rest from a later `--from`.
    var stoppedAtLimitNote: String {
        let more = boundedLimit < Self.maximumLimit
            ? "pass --limit to list more (up to \(Self.maximumLimit))"
            : "list the rest with a later --from"
        return "stopped at the limit of \(boundedLimit) occurrences; \(more)"
    }

    /// One line per occurrence: the wall time of its instant in the rule's zone, the
    /// UTC instant, and, for a local time that does not exist (a spring-forward gap),
    /// the time the rule named: `2026-03-08T03:30  2026-03-08T07:30:00Z  (02:30 does not exist: shifted)`.
    /// At most ``OccurrenceListing/limit`` lines; ``writeText(_:)`` streams them.
    func text() -> String {
        var text = ""
        writeText { text += $0 }
        return text
    }

    /// Writes ``text()`` line by line, each as soon as its occurrence is found, each
    /// line with its newline; returns how the listing ended.
    ///
    /// The wall time is padded to the width of `yyyy-MM-ddTHH:mm`, so the UTC column
    /// lines up; a wall time with seconds is three characters wider.
    ///
    /// ```swift
    /// let output = FileHandle.standardOutput
    /// if listing.writeText({ output.write(Data($0.utf8)) }) == .stoppedAtLimit {
    ///     FileHandle.standardError.write(Data((listing.stoppedAtLimitNote + "\n").utf8))
    /// }
    /// ```
    @discardableResult
    func writeText(_ write: (String) throws -> Void) rethrows -> Ending {
        var listedAny = false
        let ending = try forEachListed { occurrence, wall in
            listedAny = true
            var text = "\(Self.padded(wall.description))  \(TimeText.utc(occurrence.date))"
            if wall != occurrence.local {
                text += "  (\(occurrence.local.time) does not exist: shifted)"
            }
            try write(text + "\n")
        }
        if !listedAny { try write("no occurrences in \(days) day(s) from \(from) in \(zone.identifier)\n") }
        return ending
    }

    /// The width of a wall time without seconds, `2026-03-28T09:00`.
    private static let wallWidth = 16

    /// A JSON array of `{"local", "offset", "utc"}` objects, keys sorted; `local` is the
    /// wall time of the instant, and an occurrence shifted out of a spring-forward gap
    /// also has `shifted_from`, the local time the rule named. A listing that stopped
    /// at ``OccurrenceListing/limit`` ends with `{"limit": N, "truncated": true}`, an
    /// object with neither `local` nor `utc`. ``writeJSON(_:)`` streams it.
    func json() -> String {
        var json = ""
        writeJSON { json += $0 }
        return json
    }

    /// Writes ``json()`` an occurrence at a time, each as soon as it is found; the parts
    /// make one JSON array once all are written. Returns how the listing ended.
    ///
    /// ```swift
    /// listing.writeJSON { output.write(Data($0.utf8)) }
    /// // [
    /// //   {
    /// //     "local" : "2026-03-28T09:00",
    /// //     "offset" : "+01:00",
    /// //     "utc" : "2026-03-28T08:00:00Z"
    /// //   }
    /// // ]
    /// ```
    ///
    /// `leading` are elements written first, before the occurrences (the notes of a
    /// scenario's rule, ``ScenarioRuleListing/noteObjects(rule:)``).
    @discardableResult
    func writeJSON(leading: [String] = [], _ write: (String) throws -> Void) rethrows -> Ending {
        // Written by hand, as JSONEncoder prints the array with sorted keys and pretty
        // printing (a tenth of the time for a million): every value is an ISO 8601
        // date-time or offset, digits and `-:+TZ`, nothing to escape.
        func element(_ fields: KeyValuePairs<String, String>) -> String {
            "  {\n" + fields.map { "    \"\($0.key)\" : \($0.value)" }.joined(separator: ",\n") + "\n  }"
        }
        let scheduleZone = schedule.effectiveTimeZone(device: zone)
        var separator = "[\n"
        for element in leading {
            try write(separator + element)
            separator = ",\n"
        }
        let ending = try forEachListed { occurrence, wall in
            let local = "\"\(wall)\"", utc = "\"\(TimeText.utc(occurrence.date))\""
            let offset = "\"\(TimeText.offset(scheduleZone, at: occurrence.date))\""
            let line = wall == occurrence.local
                ? element(["local": local, "offset": offset, "utc": utc])
                : element(["local": local, "offset": offset, "shifted_from": "\"\(occurrence.local)\"", "utc": utc])
            try write(separator + line)
            separator = ",\n"
        }
        if ending == .stoppedAtLimit {
            try write(separator + element(["limit": "\(boundedLimit)", "truncated": "true"]))
            separator = ",\n"
        }
        try write(separator == "[\n" ? "[]\n" : "\n]\n")
        return ending
    }

    /// A wall time padded with spaces to ``wallWidth``, so the UTC column lines up.
    private static func padded(_ wall: String) -> String {
        wall.count >= wallWidth ? wall : wall + String(repeating: " ", count: wallWidth - wall.count)
    }
}
