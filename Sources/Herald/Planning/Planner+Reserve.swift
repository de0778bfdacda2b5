import Foundation

extension Planner {
    /// The reserve side of a plan: snoozes, posted events and follow-ups.
    final class Context {
        let input: PlanningInput
        let deviceConverter: ZoneConverter
        /// The declared rules by identity, with their converters: built once, and only
        /// when snoozes or follow-ups need them.
        let rulesByID: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)]
        /// When each Herald notification was last delivered, by identifier: built once,
        /// and only when snoozes or posted events need it.
        let lastFired: [NotificationIdentifier: Date]

        init(input: PlanningInput, deviceConverter: ZoneConverter, converters: [ZoneConverter]) {
            self.input = input
            self.deviceConverter = deviceConverter
            var rules: [ReminderRule.ID: (ReminderRule, ZoneConverter)] = [:]
            if !input.snoozes.isEmpty || input.rules.contains(where: { $0.nag != nil }) {
                for (index, rule) in input.rules.enumerated() { rules[rule.id] = (rule, converters[index]) }
            }
            rulesByID = rules
            var fired: [NotificationIdentifier: Date] = [:]
            if !input.snoozes.isEmpty || !input.postedEvents.isEmpty {
                for record in input.fired { fired[record.identifier] = max(fired[record.identifier] ?? record.date, record.date) }
            }
            lastFired = fired
        }

        /// The original occurrence an identifier names, when its rule is declared.
        func original(_ identifier: NotificationIdentifier,
                      in rules: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)])
            -> (rule: ReminderRule, occurrence: Occurrence)? {
            guard let entry = rules[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)],
                  let local = identifier.occurrence.localDateTime else { return nil }
            return (entry.rule, Occurrence(local: local, date: entry.converter.instant(for: local).date))
        }

        func isSatisfied(_ entity: EntityReference, on date: Date) -> Bool {
            input.paused.contains(entity)
                || input.satisfied.contains(EntityDay(entity, deviceConverter.local(for: date).date))
        }

        /// A snooze request for every snoozed occurrence still to fire, of a declared
        /// rule, not satisfied for the original's day, and not delivered already (the
        /// clock may have been set back past it).
        func plannedSnoozes(before end: Date) -> [PlannedReminder] {
            guard !input.snoozes.isEmpty else { return [] }
            let rules = rulesByID
            let fired = lastFired
            let utc = ZoneConverter.utc
            return input.snoozes.filter { $0.until > input.now && $0.until < end }.compactMap { record in
                guard let (rule, occurrence) = original(record.original, in: rules),
                      !isSatisfied(rule.entity, on: occurrence.date) else { return nil }
                if let delivered = fired[record.snoozeIdentifier], delivered >= record.until { return nil }
                return PlannedReminder(
                    rule: rule, occurrence: occurrence, kind: .snooze, date: record.until, badge: nil,
                    day: deviceConverter.local(for: record.until).date, triggerTime: utc.local(for: record.until))
            }.sorted { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        }

        /// Posted events still to fire, soonest first: not of a paused entity, not
        /// delivered since they were posted.
        func plannedEvents() -> [PostedEvent] {
            guard !input.postedEvents.isEmpty else { return [] }
            let fired = lastFired
            return input.postedEvents.filter { event in
                guard event.fireDate >= input.now, !input.paused.contains(event.identifier.entity) else { return false }
                if let deleted = input.deletions[event.identifier.entity], deleted >= event.postedAt { return false }
                if let delivered = fired[event.identifier], delivered >= event.postedAt { return false }
                return true
            }.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
        }
    }
}
