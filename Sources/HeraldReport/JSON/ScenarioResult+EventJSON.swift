import Foundation
import Herald
import HeraldScenario

/// `event`: a scenario event as the run applied it, with its kind (`event`), the
/// entities it names, its text, a note when it was not applied as written, and what
/// its kind carries (`day`, `done_at`, `zone`, `clock`, `enabled`, `choice` and `rule`,
/// `from` and `to`, `count`).
///
/// ```text
/// {"count":3,"day":"2026-11-23","description":"progress habit/water: 3 on 2026-11-23","entities":["habit/water"],"event":"progress","local":"2026-11-23T10:00","type":"event","utc":"2026-11-23T09:00:00Z"}
/// ```
struct EventLine: Encodable {
    var type = "event"
    var utc: String
    var local: String
    var event: String
    var entities: [String]
    var day: String?
    var description: String
    var note: String?
    /// `complete` with the time it was done, as the device's clock showed it.
    var doneAt: String?
    /// `zone`: the zone the device moves to.
    var zone: String?
    /// `clock`: the local date-time the user sets.
    var clock: String?
    /// `reminders`, `route_notifications`: the switch's new position.
    var enabled: Bool?
    /// `travel_choice`: `keep_home` or `follow_local`, and the rule it is for (every
    /// rule when absent).
    var choice: String?
    var rule: String?
    /// `vacation`: its first and last days (`day` is the day an `end_vacation` or a
    /// `progress` is for).
    var from: String?
    var to: String?
    /// `progress`: the day's count.
    var count: Int?

    init(_ entry: TimelineEvent) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        event = entry.action.kind
        description = entry.action.description
        entities = entry.action.entities.map(\.description)
        switch entry.action {
        case .complete(_, let day, let at):
            self.day = day?.description
            doneAt = at?.description
        case .zone(let zone): self.zone = zone.identifier
        case .clock(let time): clock = time.description
        case .travelChoice(let choice, let rule):
            self.choice = choice == .keepHome ? "keep_home" : "follow_local"
            self.rule = rule?.description
        case .reminders(let on, _), .routeNotifications(let on): enabled = on
        case .vacation(let vacation):
            from = vacation.from.description
            to = vacation.to.description
        case .endVacation(let day): self.day = day.description
        case .progress(_, let count, let day):
            self.count = count
            self.day = day.description
        default: break
        }
        note = entry.note
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, event, entities, day, description, note, zone, clock, enabled, choice, rule, from, to, count
        case doneAt = "done_at"
    }
}
