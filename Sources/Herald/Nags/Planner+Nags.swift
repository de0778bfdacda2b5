import Foundation

extension Planner.Context {
    /// The repeats of every occurrence of a rule with a ``Nag``, delivered or
    /// planned, that nobody acted on, soonest first, up to `limit` (so the budget
    /// cuts the latest repeats first). Repeat `k` fires `k × every` after the
    /// original's delivery; none is planned once the occurrence was acknowledged,
    /// snoozed, completed for its day or paused, none after the occurrence's
    /// device-local day, and none delivered already. Follow-ups carry no badge: the
    /// occurrence they repeat is already counted.
    ///
    /// The planned occurrences followed up are the lone `reminders` and each of the
    /// `groups`' members, nagged as they would be alone, from the group's delivery.
    ///
    /// ```swift
    /// let followUps = context.plannedFollowUps(after: reminders, groups: groups, limit: room)
    /// ```
    func plannedFollowUps(after reminders: [PlannedReminder], groups: [PlannedGroup], limit: Int) -> [PlannedReminder] {
        guard limit > 0, input.rules.contains(where: { $0.nag != nil }) else { return [] }
        let nagged = groups.isEmpty ? reminders : reminders + groups.flatMap(\.members)
        let rules = rulesByID
        let snoozed = Set(input.snoozes.map(\.original))
        var originals: [(rule: ReminderRule, occurrence: Occurrence, delivered: Date)] =
            nagged.map { ($0.rule, $0.occurrence, $0.date) }
        var followedUp: Set<NotificationIdentifier> = []
        for record in input.fired {
            switch record.identifier.kind {
            case .reminder:
                if let (rule, occurrence) = original(record.identifier, in: rules) {
                    originals.append((rule, occurrence, record.date))
                }
            case .followUp:
                followedUp.insert(record.identifier)
            default:
                break
            }
        }
        var seen: Set<NotificationIdentifier> = []
        var result: [PlannedReminder] = []
        for (rule, occurrence, delivered) in originals {
            guard let nag = rule.nag, nag.date(ofRepeat: nag.times, deliveredAt: delivered) > input.now else { continue }
            let identifier = rule.identifier(for: occurrence.local)
            guard seen.insert(identifier).inserted, input.acknowledged[identifier] == nil,
                  !snoozed.contains(identifier), !isSatisfied(rule.entity, on: occurrence.date) else { continue }
            result += repeats(of: nag, rule: rule, occurrence: occurrence, delivered: delivered,
                              skipping: followedUp)
        }
        result.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        return Array(result.prefix(limit))
    }

    /// The repeats of one occurrence still to fire: after now, on or before the
    /// occurrence's device-local day, and not in `delivered` (the fired log).
    private func repeats(of nag: Nag, rule: ReminderRule, occurrence: Occurrence, delivered: Date,
                         skipping fired: Set<NotificationIdentifier>) -> [PlannedReminder] {
        let lastDay = deviceConverter.local(for: occurrence.date).date
        var result: [PlannedReminder] = []
        for index in 1...max(1, nag.times) {
            let date = nag.date(ofRepeat: index, deliveredAt: delivered)
            let day = deviceConverter.local(for: date).date
            guard day <= lastDay else { break }
            guard date > input.now else { continue }
            var planned = PlannedReminder(
                rule: rule, occurrence: occurrence, kind: .followUp, date: date, badge: nil,
                day: day, triggerTime: ZoneConverter.utc.local(for: date))
            planned.nagRepeat = index
            if !fired.contains(planned.identifier) { result.append(planned) }
        }
        return result
    }
}
