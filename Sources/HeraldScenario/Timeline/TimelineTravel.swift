import Foundation
import Herald

/// A travel notice during a scenario: the run that first saw the device in a new zone
/// told the app which floating rules' times differ from home (`TravelNotice`),
/// or that the trip ended.
///
/// ```swift
/// if case .travel(let travel) = entry {
///     print(travel.text)
///     // Europe/Berlin → America/New_York: pill/morning 08:00 at home is 02:00 here
///     // (following local time 08:00); ...
/// }
/// ```
public struct TimelineTravel: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    public var notice: TravelNotice

    package init(date: Date, local: LocalDateTime, notice: TravelNotice) {
        self.date = date
        self.local = local
        self.notice = notice
    }

    /// The notice in words: each affected rule with its next time both ways.
    package var text: String {
        let home = notice.homeZone.identifier, here = notice.zone.identifier
        if notice.isHome { return "back home in \(home): the trip ended, its choices lapse" }
        let head = "\(home) → \(here): "
        guard !notice.affected.isEmpty else { return head + "no reminder's time differs from home" }
        let rules = notice.affected.map { rule in
            "\(rule.rule) \(rule.atHome.local.time) at home is \(Self.describe(rule.homeTimeHere, after: rule.atHome.local)) here (following local time \(rule.local.local.time))"
                + (rule.choice == .followLocal ? "" : ", \(rule.choice)")
        }
        let prompt = notice.prompt.map { "; in-app prompt: " + $0.actions.map(\.title).joined(separator: " | ") } ?? ""
        return head + rules.joined(separator: "; ") + prompt
    }

    /// `02:00`, or `19:00 the day before` when the day differs.
    static func describe(_ time: LocalDateTime, after home: LocalDateTime) -> String {
        let days = time.date.daysSinceEpoch - home.date.daysSinceEpoch
        let when = days == 0 ? "" : days == -1 ? " the day before" : days == 1 ? " the day after" : " on \(time.date)"
        return "\(time.time)\(when)"
    }
}
