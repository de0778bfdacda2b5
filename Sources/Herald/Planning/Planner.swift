import Collections
import Foundation

/// Turns the app's reminder rules and Herald's state into a ``Plan``: the soonest due
/// occurrences that fit the budget, badged by policy.
///
/// The planner is a pure function of its ``PlanningInput``: same input, same plan. It
/// takes occurrences soonest first, breaks ties at one instant by rule priority, skips
/// what is satisfied (entity done for that day, entity paused), stops at the budget
/// (capacity minus reserve) or the horizon, and reports how far the plan is complete
/// and what it cut. It never asks for content: the engine asks the app's
/// ``ReminderSource`` only for the reminders that made the cut.
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

        var heap = Heap(candidates)
        var chosen: [(candidate: PlanCandidate, day: LocalDate)] = []
        chosen.reserveCapacity(budget)
        var skipped: [PlanSkip] = []
        var coverageHorizon = horizonEnd
        while let top = heap.min, top.occurrence.date < horizonEnd {
            let rule = input.rules[top.ruleIndex]
            let day = deviceConverter.local(for: top.occurrence.date).date
            let satisfied = input.completions.contains(EntityDay(rule.entity, day))
            if satisfied {
                skipped.append(PlanSkip(rule: rule.id, occurrence: top.occurrence, reason: .completed))
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

        let today = deviceConverter.local(for: input.now).date
        let outstandingNow = outstandingCount(input, today: today, deviceConverter: deviceConverter)
        var countsPerDay: [LocalDate: Int] = [:]
        let reminders = chosen.map { entry -> PlannedReminder in
            let rule = input.rules[entry.candidate.ruleIndex]
            var reminder = PlannedReminder(
                rule: rule, occurrence: entry.candidate.occurrence, badge: nil, day: entry.day,
                triggerTime: converters[entry.candidate.ruleIndex].local(for: entry.candidate.occurrence.date))
            guard rule.countsTowardBadge else { return reminder }
            let position = (countsPerDay[entry.day] ?? 0) + 1
            countsPerDay[entry.day] = position
            let outstanding = (entry.day == today ? outstandingNow : 0) + position
            switch configuration.badgePolicy {
            case .none: reminder.badge = nil
            case .outstanding: reminder.badge = outstanding
            case .custom(let decide): reminder.badge = decide(reminder, outstanding)
            }
            return reminder
        }

        let appBadge: Int? = if case .none = configuration.badgePolicy { nil } else { outstandingNow }
        return Plan(
            reminders: reminders,
            coverageHorizon: coverageHorizon,
            horizonEnd: horizonEnd,
            skipped: skipped,
            pausedEntities: pausedEntities.sorted(),
            appBadge: appBadge,
            remainder: Plan.Remainder(
                heap: heap, rules: input.rules, converters: converters,
                deviceConverter: deviceConverter, completions: input.completions)
        )
    }

    /// How many of Herald's delivered notifications still ask something of the user
    /// today: delivered today (earlier days' are stale), of a declared rule that counts
    /// toward the badge, for an entity neither done today nor paused.
    func outstandingCount(_ input: PlanningInput, today: LocalDate, deviceConverter: ZoneConverter) -> Int {
        guard !input.delivered.isEmpty else { return 0 }
        var declared: [ReminderRule.ID: Bool] = [:]
        var entities: Set<EntityReference> = []
        for rule in input.rules {
            declared[rule.id] = rule.countsTowardBadge
            entities.insert(rule.entity)
        }
        return input.delivered.count { notification in
            guard let identifier = notification.request.heraldIdentifier,
                  Self.badgedKinds.contains(identifier.kind),
                  entities.contains(identifier.entity),
                  !input.paused.contains(identifier.entity),
                  declared[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)] ?? true,
                  deviceConverter.local(for: notification.date).date == today
            else { return false }
            return !input.completions.contains(EntityDay(identifier.entity, today))
        }
    }

    /// The kinds that stand for something the user still has to do.
    static let badgedKinds: Set<NotificationKind> = [.reminder, .snooze, .followUp, .location]
}
