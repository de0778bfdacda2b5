import Foundation
import Herald
import HeraldScenario

extension OccurrenceListing {
    /// One line per occurrence: the wall time of its instant in the rule's zone, the
    /// UTC instant, and, for a local time that does not exist (a spring-forward gap),
    /// the time the rule named: `2026-03-08T03:30  2026-03-08T07:30:00Z  (02:30 does not exist: shifted)`.
    public func text() -> String {
        let lines = listed()
        guard !lines.isEmpty else { return "no occurrences in \(days) day(s) from \(from) in \(zone.identifier)\n" }
        let width = lines.map(\.wall.description.count).max() ?? 0
        return lines.map { line in
            var text = "\(line.wall.description.padding(width))  \(TimeText.utc(line.occurrence.date))"
            if line.wall != line.occurrence.local {
                text += "  (\(line.occurrence.local.time) does not exist: shifted)"
            }
            return text
        }.joined(separator: "\n") + "\n"
    }

    /// A JSON array of `{"local", "offset", "utc"}` objects, keys sorted; `local` is the
    /// wall time of the instant, and an occurrence shifted out of a spring-forward gap
    /// also has `shifted_from`, the local time the rule named.
    public func json() -> String {
        struct Line: Encodable {
            var local: String
            var utc: String
            var offset: String
            var shiftedFrom: String?

            enum CodingKeys: String, CodingKey {
                case local, utc, offset
                case shiftedFrom = "shifted_from"
            }
        }
        let scheduleZone = schedule.effectiveTimeZone(device: zone)
        let lines = listed().map { line in
            Line(local: line.wall.description, utc: TimeText.utc(line.occurrence.date),
                 offset: TimeText.offset(scheduleZone, at: line.occurrence.date),
                 shiftedFrom: line.wall == line.occurrence.local ? nil : line.occurrence.local.description)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(lines)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
