import Foundation
import Herald
import HeraldScenario
import HeraldSimulator

extension HouseholdScenarioResult {
    /// One line of the merged timeline: when, which device, and its text or object.
    private struct Line {
        var date: Date
        var order: Int
        var device: String
        var text: String
        var json: [String: Any]
    }

    /// The devices' timelines as one, in order of time, each line starting with its
    /// device; a delivery says whether it alerted there, a forwarded copy on a Watch has
    /// a line of its own, and the app's records' travels are lines too. Then each
    /// device's summary, and on how many devices each occurrence alerted.
    ///
    /// ```text
    /// phone  2026-11-21 09:00 CET  delivery   badge 1   Water  herald:reminder:habit:water:r:20261121T0900  [banner, list, sound, badge; background]  (not alerted: forwarded to watch)
    /// watch  2026-11-21 09:00 CET  delivery   forwarded from phone  herald:reminder:habit:water:r:20261121T0900  (alerted)
    /// ```
    package func text() -> String {
        let width = (lanes.map(\.member.id.count) + ["user".count]).max() ?? 4
        let zone = lanes.first?.result.zone ?? TimeZone(identifier: "UTC")!
        var output = ""
        if let first = lanes.first {
            var formatter = ScenarioTextFormatter(columns: .init(of: first.result))
            output += formatter.header(first.result.header)
        }
        output += "Devices: " + lanes.map { lane in
            let kind = ScenarioHousehold.kinds.first { $0.1 == lane.member.kind }?.0 ?? lane.member.kind.rawValue
            return "\(lane.member.id) (\(kind)\(lane.member.pairedWith.map { ", paired with \($0)" } ?? ""))"
        }.joined(separator: ", ") + "\n\n"
        for line in lines(zone: zone, columns: columns) {
            output += Self.padded(line.device, width) + "  " + line.text + "\n"
        }
        for lane in lanes {
            var formatter = ScenarioTextFormatter(columns: .init(of: lane.result))
            _ = formatter.header(lane.result.header)
            output += formatter.summary(lane.result.summary).replacingOccurrences(of: "\nSummary\n", with: "\nSummary: \(lane.member.id)\n")
        }
        output += "\nAlerts per occurrence\n"
        for (identifier, devices) in alerts {
            let where_ = devices.isEmpty ? "" : " (\(devices.joined(separator: ", ")))"
            output += "  \(identifier)  \(devices.count) alert\(devices.count == 1 ? "" : "s")\(where_)\n"
        }
        return output
    }

    /// The timeline as JSON Lines: each device's objects with `"device"`, a delivery with
    /// `"alerted"` (and `"forwarded_from"` on a Watch's forwarded copy), `type` `sync`
    /// for the records' travels and `user` moves with `"device": "user"`; then each
    /// device's `summary` and one `household_summary` with, per occurrence, the devices it
    /// alerted on.
    package func jsonLines() -> String {
        let zone = lanes.first?.result.zone ?? TimeZone(identifier: "UTC")!
        var output = ""
        for line in lines(zone: zone, columns: columns) { output += Self.encode(line.json) }
        for lane in lanes {
            var formatter = ScenarioJSONLinesFormatter()
            _ = formatter.header(lane.result.header)
            output += Self.tagged(formatter.summary(lane.result.summary), device: lane.member.id)
        }
        let perOccurrence = alerts.map { ["identifier": $0.identifier, "alerted_on": $0.devices, "devices": $0.devices.count] as [String: Any] }
        output += Self.encode(["type": "household_summary", "occurrences": perOccurrence,
                               "devices": lanes.map(\.member.id)])
        return output
    }

    /// One set of columns for every device's lines, as wide as the widest.
    private var columns: ScenarioTextFormatter.Columns {
        let each = lanes.map { ScenarioTextFormatter.Columns(of: $0.result) }
        return .init(local: each.map(\.local).max() ?? 0, title: each.map(\.title).max() ?? 0)
    }

    private func lines(zone: TimeZone, columns: ScenarioTextFormatter.Columns) -> [Line] {
        let localWidth = columns.local
        var lines: [Line] = []
        var order = 0
        func add(_ date: Date, _ device: String, _ text: String, _ json: [String: Any]) {
            lines.append(Line(date: date, order: order, device: device, text: text, json: json))
            order += 1
        }
        for lane in lanes {
            var text = ScenarioTextFormatter(columns: columns)
            var json = ScenarioJSONLinesFormatter()
            _ = text.header(lane.result.header)
            _ = json.header(lane.result.header)
            for entry in lane.result.timeline {
                var line = String(text.entry(entry).dropLast())
                var object = Self.object(json.entry(entry))
                object["device"] = lane.member.id
                if case .delivery(let delivery) = entry, !delivery.beforeStart,
                   let alerted = alerted(delivery.identifier, on: lane.member.id, at: delivery.date) {
                    object["alerted"] = alerted
                    let forwardedTo = forwarding(of: delivery.identifier, on: lane.member.id, at: delivery.date).to
                    line += alerted ? "  (alerted)" : "  (not alerted\(forwardedTo.map { ": forwarded to \($0)" } ?? ""))"
                }
                add(entry.date, lane.member.id, line, object)
            }
        }
        for event in events {
            let when = Self.padded(TimeText.local(event.date, zone: zone), localWidth)
            var object: [String: Any] = ["device": event.device, "utc": TimeText.utc(event.date),
                                         "local": ZoneConverter.for(zone).local(for: event.date).description]
            switch event.kind {
            case .delivered(let identifier, let alerted, let from?):
                object.merge(["type": "delivery", "identifier": identifier, "alerted": alerted, "forwarded_from": from]) { $1 }
                add(event.date, event.device, "\(when)  delivery   forwarded from \(from)  \(identifier)  (\(alerted ? "alerted" : "not alerted"))", object)
            case .delivered:
                continue   // the device's own line says it
            case .sent(let count):
                object.merge(["type": "sync", "sync": "sent", "records": count]) { $1 }
                add(event.date, event.device, "\(when)  sync       sent \(Self.records(count))", object)
            case .heard(let count, let from, let way):
                object.merge(["type": "sync", "sync": "heard", "records": count, "from": from, "way": way.rawValue]) { $1 }
                add(event.date, event.device, "\(when)  sync       heard \(Self.records(count)) from \(from.joined(separator: ", ")) (\(way.rawValue))", object)
            case .held(let count, let why):
                object.merge(["type": "sync", "sync": "held", "records": count, "why": why]) { $1 }
                add(event.date, event.device, "\(when)  sync       \(Self.records(count)) wait: \(why)", object)
            }
        }
        for move in userMoves {
            let description = "using \(move.user.using ?? "none"), phone \(move.user.phoneLocked ? "locked" : "unlocked"), watch \(move.user.watchWorn ? "worn" : "off")"
            let when = Self.padded(TimeText.local(move.date, zone: zone), localWidth)
            add(move.date, "user", "\(when)  user       \(description)",
                ["type": "user_state", "device": "user", "utc": TimeText.utc(move.date),
                 "local": ZoneConverter.for(zone).local(for: move.date).description, "using": move.user.using ?? "none",
                 "phone": move.user.phoneLocked ? "locked" : "unlocked", "watch": move.user.watchWorn ? "worn" : "off"])
        }
        // What the user does comes first at its instant, then what follows from it.
        func first(_ line: Line) -> Int { line.json["type"] as? String == "user" || line.device == "user" ? 0 : 1 }
        return lines.sorted { ($0.date, first($0), $0.order) < ($1.date, first($1), $1.order) }
    }

    /// `text` with spaces after it up to `width` characters (never cut).
    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func records(_ count: Int) -> String { "\(count) record\(count == 1 ? "" : "s")" }

    private static func object(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    private static func tagged(_ line: String, device: String) -> String {
        var object = object(line)
        object["device"] = device
        return encode(object)
    }

    private static func encode(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
