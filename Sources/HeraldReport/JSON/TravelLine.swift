import Foundation
import Herald
import HeraldScenario

/// A travel notice: `home` and `zone` (identifiers), `affected` (each rule with `rule`,
/// `home_time` its next local time at home, `home_time_here` that instant on the clock
/// here, `local_time` its next local time following local time, `utc_home` and
/// `utc_local` the two instants, `choice`), `prompt` (the prompt's actions, when the
/// app asked for one) and `description`.
///
/// ```text
/// {"affected":[{"choice":"follow_local","home_time":"2026-03-03T08:00","home_time_here":"2026-03-03T02:00",...}],"home":"Europe/Berlin","type":"travel","zone":"America/New_York",...}
/// ```
struct TravelLine: Encodable {
    struct Rule: Encodable {
        var rule: String
        var homeTime: String
        var homeTimeHere: String
        var localTime: String
        var utcHome: String
        var utcLocal: String
        var choice: String

        enum CodingKeys: String, CodingKey {
            case rule, choice
            case homeTime = "home_time"
            case homeTimeHere = "home_time_here"
            case localTime = "local_time"
            case utcHome = "utc_home"
            case utcLocal = "utc_local"
        }
    }

    var type = "travel"
    var utc: String
    var local: String
    var home: String
    var zone: String
    var affected: [Rule]
    var prompt: [String]?
    var description: String

    init(_ entry: TimelineTravel) {
        utc = TimeText.utc(entry.date)
        local = entry.local.description
        home = entry.notice.homeZone.identifier
        zone = entry.notice.zone.identifier
        affected = entry.notice.affected.map { rule in
            Rule(rule: rule.rule.description, homeTime: rule.atHome.local.description,
                 homeTimeHere: rule.homeTimeHere.description, localTime: rule.local.local.description,
                 utcHome: TimeText.utc(rule.atHome.date), utcLocal: TimeText.utc(rule.local.date),
                 choice: rule.choice == .keepHome ? "keep_home" : "follow_local")
        }
        prompt = entry.notice.prompt.map { $0.actions.map(\.title) }
        description = entry.text
    }
}
