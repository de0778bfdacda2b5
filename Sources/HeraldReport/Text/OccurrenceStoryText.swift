import Foundation
import Herald
import HeraldScenario

/// How `herald why` prints an `OccurrenceStory`: one line per event, or one
/// JSON object `{"verdict": ..., "events": [...]}`. The HTML report shows the same lines.
/// An occurrence a schedule that follows the user left out starts with its reason:
/// `plan: not planned: quota met for the week: 3 of 3`, in JSON `"kind": "held_back"`
/// with `"reason": "quota_met"` and its `"description"`.
///
/// ```swift
/// print(OccurrenceStoryText.text(story, zone: berlin))
/// // habit/meditate/reminders at 2026-11-21T09:00: delivered
/// //   2026-11-21 08:00 GMT+1  plan (launch): planned as herald:reminder:habit:meditate:reminders:20261121T0900 (badge 1)
/// //   2026-11-21 08:00 GMT+1  reconcile: added herald:reminder:habit:meditate:reminders:20261121T0900 to the center
/// //   2026-11-21 09:00 GMT+1  system: delivered herald:reminder:habit:meditate:reminders:20261121T0900
/// print(OccurrenceStoryText.json(story, zone: berlin))
/// ```
public enum OccurrenceStoryText {
    /// The heading line: which occurrence, and its verdict.
    public static func heading(_ story: OccurrenceStory) -> String {
        "\(story.entity)/\(story.rule) at \(story.occurrence): \(story.verdict.rawValue)"
    }

    /// Each event as a line, local times in `zone`.
    public static func lines(_ story: OccurrenceStory, zone: TimeZone) -> [String] {
        story.events.map { event in
            var line = "\(TimeText.local(event.date, zone: zone))  \(source(of: event)): \(text(of: event.fact, zone: zone))"
            if let until = event.until {
                line += " (the same in every plan until \(TimeText.local(until, zone: zone)), whose numbers these are)"
            }
            return PrintableText.escaped(line)
        }
    }

    /// The heading, then the events indented, then a blank line's end.
    public static func text(_ story: OccurrenceStory, zone: TimeZone) -> String {
        var lines = [PrintableText.escaped(heading(story))]
        lines += self.lines(story, zone: zone).map { "  " + $0 }
        if story.events.isEmpty { lines.append("  no plan in the history considered it") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fact's text, its own times in `zone`.
    static func text(of fact: OccurrenceStory.Fact, zone: TimeZone) -> String {
        guard case .heardFrom(let device, let change, let madeAt) = fact else { return fact.description }
        return "\(change) on \(device) at \(TimeText.local(madeAt, zone: zone)), heard here"
    }

    /// Who the event is from: `plan (reasons)`, `reconcile`, `system`, `user`, `app` or `sync`.
    static func source(of event: OccurrenceStory.Event) -> String {
        switch event.fact {
        case _ where event.fact.isPlanDecision, .notificationsOff:
            event.reasons.isEmpty ? "plan" : "plan (\(event.reasons.joined(separator: ", ")))"
        case .added, .replaced, .readded, .removed, .addFailed, .removedDelivered: "reconcile"
        case .delivered, .notDelivered: "system"
        case .responded: "user"
        case .deleted: "app"
        case .heardFrom: "sync"
        case .notScheduledHere: "device"
        default: "plan"
        }
    }

    /// One JSON object: the occurrence, its verdict, and its events in order.
    public static func json(_ story: OccurrenceStory, zone: TimeZone) -> String {
        let converter = ZoneConverter.for(zone)
        func local(_ date: Date) -> String { converter.local(for: date).description }
        let object = StoryObject(
            occurrence: .init(entity: story.entity.description, rule: story.rule, local: story.occurrence.description,
                              utc: TimeText.utc(story.date)),
            verdict: story.verdict.rawValue,
            events: story.events.map { event in
                var object = EventObject(utc: TimeText.utc(event.date), local: local(event.date), kind: event.fact.kind,
                                         text: event.fact.description, identifier: event.fact.identifier)
                object.reasons = event.reasons.isEmpty ? nil : event.reasons
                object.until = event.until.map(TimeText.utc)
                switch event.fact {
                case .planned(_, let badge, let firesAt):
                    object.badge = badge
                    object.firesAt = TimeText.utc(firesAt)
                case .cut(let held, let capacity, let latest):
                    object.heldSlots = held
                    object.capacity = capacity
                    object.latest = latest
                case .skipped(let reason): object.reason = reason.rawValue
                case .deferred(let until): object.firesAt = TimeText.utc(until)
                case .notDelivered(let reason): object.reason = reason.rawValue
                case .delivered(_, let held): object.held = held
                case .responded(_, let action): object.action = action
                case .heardFrom(let device, let change, let madeAt):
                    object.device = device
                    object.change = change
                    object.madeAt = TimeText.utc(madeAt)
                    object.text = text(of: event.fact, zone: zone)
                case .notScheduledHere(let alertsOn): object.alertsOn = alertsOn.rawValue
                case .heldBack(let heldBack):
                    object.reason = heldBack.name
                    object.description = heldBack.description
                default: break
                }
                return object
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain records cannot fail.
        let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct StoryObject: Encodable {
        struct Occurrence: Encodable {
            var entity: String
            var rule: String
            var local: String
            var utc: String
        }

        var occurrence: Occurrence
        var verdict: String
        var events: [EventObject]
    }

    private struct EventObject: Encodable {
        var utc: String
        var local: String
        var kind: String
        var text: String
        var identifier: String?
        var reasons: [String]?
        var until: String?
        var badge: Int?
        var firesAt: String?
        var heldSlots: Int?
        var capacity: Int?
        var latest: [String]?
        var reason: String?
        var held: String?
        var action: String?
        var device: String?
        var change: String?
        var madeAt: String?
        var alertsOn: String?
        /// `held_back`: the reason's text, as `reason` names it (`quota_met`, ...).
        var description: String?

        enum CodingKeys: String, CodingKey {
            case utc, local, kind, text, identifier, reasons, until, badge, capacity, latest, reason, held, action
            case device, change, description
            case firesAt = "fires_at"
            case heldSlots = "held_slots"
            case madeAt = "made_at"
            case alertsOn = "alerts_on"
        }
    }
}
