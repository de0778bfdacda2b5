import Foundation

extension OccurrenceStory {
    /// `events` with each deferral by the quiet hours told: after every plan that
    /// scheduled the occurrence (alone, or in a group) later than its instant `date`,
    /// a ``Fact/deferred(until:)`` with when it fires; and a lone reminder's delivery
    /// after such a plan, later than its time, held by the quiet hours (a group's
    /// members are told so at their delivery already).
    ///
    /// ```swift
    /// OccurrenceStory.tellingDeferrals(events, date: elevenPM).map(\.fact.description)
    /// // ["planned as herald:reminder:habit:water:late:20261123T2300 (badge 1)",
    /// //  "deferred by the quiet hours until 2026-11-24T06:30 UTC, the end of its quiet period", ...]
    /// ```
    static func tellingDeferrals(_ events: [Event], date: Date) -> [Event] {
        let late = date.addingTimeInterval(onTimeTolerance)
        guard events.contains(where: { if case .planned(_, _, let firesAt) = $0.fact { firesAt > late } else { false } })
        else { return events }
        var told: [Event] = []
        told.reserveCapacity(events.count + 1)
        var deferred = false
        for var event in events {
            if deferred, event.date > late, case .delivered(let identifier, nil) = event.fact,
               NotificationIdentifier(parsing: identifier)?.kind == .reminder {
                event.fact = .delivered(identifier: identifier, held: "quiet hours")
            }
            told.append(event)
            guard case .planned(let identifier, _, let firesAt) = event.fact,
                  let kind = NotificationIdentifier(parsing: identifier)?.kind, kind == .reminder || kind == .group
            else { continue }
            deferred = firesAt > late
            if deferred { told.append(Event(date: event.date, fact: .deferred(until: firesAt), reasons: event.reasons)) }
        }
        return told
    }
}
