import Collections
import Foundation

/// Turns the app's reminder rules and Herald's state into a ``Plan``: the soonest due
/// occurrences that fit the budget, plus the snoozes and follow-ups that live in the
/// reserve, badged by policy.
///
/// The planner is a pure function of its ``PlanningInput``: same input, same plan. It
/// takes occurrences soonest first, breaks ties at one instant by rule priority, skips
/// what is satisfied (entity done or deferred for that day, entity paused), stops at
/// the budget (capacity minus reserve) or the horizon, and reports how far the plan is
/// complete and what it cut. It never asks for content: the engine asks the app's
/// ``ReminderSource`` only for the requests that made the cut.
///
/// ```swift
/// let planner = Planner(configuration: PlannerConfiguration(reserve: 10))
/// let plan = planner.plan(PlanningInput(now: now, deviceZone: zone, rules: rules))
/// for reminder in plan.reminders {
///     print(reminder.identifier, reminder.date, reminder.badge ?? 0)
/// }
/// ```
public struct Planner: Sendable {
    public var configuration: PlannerConfiguration

    public init(configuration: PlannerConfiguration = PlannerConfiguration()) {
        self.configuration = configuration
    }

    public func plan(_ input: PlanningInput) -> Plan {
        let horizonEnd = input.now.addingTimeInterval(configuration.horizon)
        let deviceConverter = ZoneConverter.for(input.deviceZone)
        let budget = configuration.budget

        // One converter per rule (floating rules share the device's).
        var pinned: [String: ZoneConverter] = [:]
        var converters: [ZoneConverter] = []
        converters.reserveCapacity(input.rules.count)
        var candidates: [PlanCandidate] = []
        candidates.reserveCapacity(input.rules.count)
        var pausedEntities: Set<EntityReference> = []
        for (index, rule) in input.rules.enumerated() {
            let converter: ZoneConverter
            if let zone = rule.schedule.timeZone {
                converter = pinned[zone.identifier] ?? ZoneConverter.for(zone)
                pinned[zone.identifier] = converter
            } else {
                converter = deviceConverter
            }
            converters.append(converter)
            if input.paused.contains(rule.entity) {
                pausedEntities.insert(rule.entity)
                continue
            }
            guard let first = rule.schedule.nextOccurrence(after: input.now, using: converter),
                  first.date < horizonEnd else { continue }
            candidates.append(PlanCandidate(
                occurrence: first, priority: rule.priority,
                tieBreak: PlanCandidate.stableHash(of: rule.id), ruleIndex: index))
        }

        let snoozed = Set(input.snoozes.map(\.original))
        // After the clock is set back, occurrences that already fired come round again.
        let alreadyFired = Set(input.fired.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier))
        var heap = Heap(candidates)
        var chosen: [(candidate: PlanCandidate, day: LocalDate)] = []
        chosen.reserveCapacity(budget)
        var skipped: [PlanSkip] = []
        var coverageHorizon = horizonEnd
        while let top = heap.min, top.occurrence.date < horizonEnd {
            let rule = input.rules[top.ruleIndex]
            let day = deviceConverter.local(for: top.occurrence.date).date
            if input.satisfied.contains(EntityDay(rule.entity, day)) {
                skipped.append(PlanSkip(rule: rule.id, occurrence: top.occurrence, reason: .satisfied))
            } else if !snoozed.isEmpty, snoozed.contains(rule.identifier(for: top.occurrence.local)) {
                skipped.append(PlanSkip(rule: rule.id, occurrence: top.occurrence, reason: .snoozed))
            } else if !alreadyFired.isEmpty, alreadyFired.contains(rule.identifier(for: top.occurrence.local)) {
                skipped.append(PlanSkip(rule: rule.id, occurrence: top.occurrence, reason: .alreadyFired))
            } else if chosen.count == budget {
                coverageHorizon = top.occurrence.date
                break
            } else {
                chosen.append((top, day))
            }
            if let next = rule.schedule.nextOccurrence(after: top.occurrence.date, using: converters[top.ruleIndex]),
               next.date < horizonEnd {
                _ = heap.replaceMin(with: PlanCandidate(top, next: next))
            } else {
                heap.removeMin()
            }
        }

        let context = Context(input: input, deviceConverter: deviceConverter, converters: converters)
        var reminders = chosen.map { entry in
            let rule = input.rules[entry.candidate.ruleIndex]
            return PlannedReminder(
                rule: rule, occurrence: entry.candidate.occurrence, badge: nil, day: entry.day,
                triggerTime: converters[entry.candidate.ruleIndex].local(for: entry.candidate.occurrence.date))
        }
        var snoozes = context.plannedSnoozes(before: horizonEnd)
        let followUps = context.plannedFollowUps(after: reminders, limit: configuration.effectiveFollowUpLimit)

        let today = deviceConverter.local(for: input.now).date
        let outstandingNow = context.outstandingCount(today: today)
        assignBadges(to: &reminders, and: &snoozes, today: today, outstandingNow: outstandingNow)

        let appBadge: Int? = if case .none = configuration.badgePolicy { nil } else { outstandingNow }
        return Plan(
            reminders: reminders,
            snoozes: snoozes,
            followUps: followUps,
            coverageHorizon: coverageHorizon,
            horizonEnd: horizonEnd,
            skipped: skipped,
            pausedEntities: pausedEntities.sorted(),
            appBadge: appBadge,
            remainder: Plan.Remainder(
                heap: heap, rules: input.rules, converters: converters,
                deviceConverter: deviceConverter, satisfied: input.satisfied)
        )
    }

    /// Numbers reminders and snoozes together in fire order, per device-local day:
    /// each one's badge is what is outstanding when it is delivered.
    private func assignBadges(to reminders: inout [PlannedReminder], and snoozes: inout [PlannedReminder],
                              today: LocalDate, outstandingNow: Int) {
        var order: [(isSnooze: Bool, index: Int, date: Date)] =
            reminders.indices.map { (false, $0, reminders[$0].date) } + snoozes.indices.map { (true, $0, snoozes[$0].date) }
        if !snoozes.isEmpty { order.sort { ($0.date, $0.isSnooze ? 1 : 0, $0.index) < ($1.date, $1.isSnooze ? 1 : 0, $1.index) } }
        var countsPerDay: [LocalDate: Int] = [:]
        for entry in order {
            var reminder = entry.isSnooze ? snoozes[entry.index] : reminders[entry.index]
            guard reminder.rule.countsTowardBadge else { continue }
            let position = (countsPerDay[reminder.day] ?? 0) + 1
            countsPerDay[reminder.day] = position
            let outstanding = (reminder.day == today ? outstandingNow : 0) + position
            switch configuration.badgePolicy {
            case .none: reminder.badge = nil
            case .outstanding: reminder.badge = outstanding
            case .custom(let decide): reminder.badge = decide(reminder, outstanding)
            }
            if entry.isSnooze { snoozes[entry.index] = reminder } else { reminders[entry.index] = reminder }
        }
    }

    /// The kinds that stand for something the user still has to do.
    static let badgedKinds: Set<NotificationKind> = [.reminder, .snooze, .followUp, .location]
}

extension Planner {
    /// What the reserve-side planning and badge counting share.
    struct Context {
        let input: PlanningInput
        let deviceConverter: ZoneConverter
        let converters: [ZoneConverter]

        /// The declared rules by identity, with their converters.
        var rulesByID: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)] {
            var result: [ReminderRule.ID: (ReminderRule, ZoneConverter)] = [:]
            for (index, rule) in input.rules.enumerated() { result[rule.id] = (rule, converters[index]) }
            return result
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
        /// rule, not satisfied for the original's day.
        func plannedSnoozes(before end: Date) -> [PlannedReminder] {
            guard !input.snoozes.isEmpty else { return [] }
            let rules = rulesByID
            let utc = ZoneConverter.for(TimeZone(identifier: "UTC")!)
            return input.snoozes.filter { $0.until > input.now && $0.until < end }.compactMap { record in
                guard let (rule, occurrence) = original(record.original, in: rules),
                      !isSatisfied(rule.entity, on: occurrence.date) else { return nil }
                return PlannedReminder(
                    rule: rule, occurrence: occurrence, kind: .snooze, date: record.until, badge: nil,
                    day: deviceConverter.local(for: record.until).date, triggerTime: utc.local(for: record.until))
            }.sorted { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        }

        /// One follow-up per occurrence of a rule with `followUpAfter`, delivered or
        /// planned, that nobody acted on, soonest first, up to `limit`. Follow-ups carry
        /// no badge: the occurrence they repeat is already counted.
        func plannedFollowUps(after reminders: [PlannedReminder], limit: Int) -> [PlannedReminder] {
            guard limit > 0, input.rules.contains(where: { $0.followUpAfter != nil }) else { return [] }
            let rules = rulesByID
            let snoozed = Set(input.snoozes.map(\.original))
            let utc = ZoneConverter.for(TimeZone(identifier: "UTC")!)
            var originals: [(rule: ReminderRule, occurrence: Occurrence, delivered: Date)] =
                reminders.map { ($0.rule, $0.occurrence, $0.date) }
            for record in input.fired where record.identifier.kind == .reminder {
                if let (rule, occurrence) = original(record.identifier, in: rules) {
                    originals.append((rule, occurrence, record.date))
                }
            }
            var seen: Set<NotificationIdentifier> = []
            var result: [PlannedReminder] = []
            for (rule, occurrence, delivered) in originals {
                guard let after = rule.followUpAfter else { continue }
                let identifier = rule.identifier(for: occurrence.local)
                let date = delivered.addingTimeInterval(after)
                guard date > input.now, seen.insert(identifier).inserted,
                      !input.acknowledged.contains(identifier), !snoozed.contains(identifier),
                      !isSatisfied(rule.entity, on: occurrence.date) else { continue }
                result.append(PlannedReminder(
                    rule: rule, occurrence: occurrence, kind: .followUp, date: date, badge: nil,
                    day: deviceConverter.local(for: date).date, triggerTime: utc.local(for: date)))
            }
            result.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
            return Array(result.prefix(limit))
        }

        /// How many occurrences still ask something of the user today: distinct
        /// occurrences among today's delivered Herald notifications (a follow-up and its
        /// original count once; earlier days' are stale), of a declared rule that counts
        /// toward the badge, for an entity neither satisfied today nor paused.
        func outstandingCount(today: LocalDate) -> Int {
            guard !input.delivered.isEmpty else { return 0 }
            let snoozed = Dictionary(input.snoozes.map { ($0.original, $0.until) }, uniquingKeysWith: max)
            var occurrences: Set<NotificationIdentifier> = []
            for notification in input.delivered {
                guard deviceConverter.local(for: notification.date).date == today,
                      let identifier = notification.request.heraldIdentifier,
                      Planner.badgedKinds.contains(identifier.kind),
                      !input.paused.contains(identifier.entity),
                      !input.satisfied.contains(EntityDay(identifier.entity, today))
                else { continue }
                let original = NotificationIdentifier(
                    entity: identifier.entity, rule: identifier.rule, occurrence: identifier.occurrence, kind: .reminder)
                // A snoozed original no longer counts: its snooze will, when it fires.
                if identifier.kind != .snooze, let until = snoozed[original], until > notification.date { continue }
                occurrences.insert(original)
            }
            guard !occurrences.isEmpty else { return 0 }
            var counting: [ReminderRule.ID: Bool] = [:]
            var entities: Set<EntityReference> = []
            for rule in input.rules where occurrences.contains(where: { $0.entity == rule.entity }) {
                counting[rule.id] = rule.countsTowardBadge
                entities.insert(rule.entity)
            }
            return occurrences.count { identifier in
                entities.contains(identifier.entity)
                    && counting[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)] ?? true
            }
        }
    }
}
