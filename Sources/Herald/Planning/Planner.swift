import Collections
import Foundation

/// Turns the app's reminder rules and Herald's state into a ``Plan``: everything Herald
/// wants pending in the notification center (reminders, snoozes, follow-ups and posted
/// events), within one budget for the whole center, badged by policy.
///
/// The planner is a pure function of its ``PlanningInput``: same input, same plan.
///
/// **One budget.** The center keeps at most its capacity (64 on Apple platforms);
/// requests that are not Herald's are subtracted first. What is left is shared in this
/// order of priority:
/// 1. snoozes the user asked for, soonest first;
/// 2. events the app posted, soonest first;
/// 3. reminders, soonest first, up to the capacity minus the reserve (ties at one
///    instant go to the higher rule priority, then a stable hash of the rule);
/// 4. follow-ups, soonest first, up to ``PlannerConfiguration/effectiveFollowUpLimit``.
///
/// Snoozes and events live in the reserve. When they outgrow it they take the latest
/// reminders' slots: those are reported in ``Plan/displaced`` and come back at a
/// later plan, once the snoozes and events have fired. Together, the plan never asks
/// for more than the center keeps.
///
/// The planner skips what is satisfied (the entity done or deferred that day, paused,
/// snoozed, or already delivered), stops at the budget or the horizon, reports how far
/// the plan is complete and what it cut, and finds the delivered notifications that no
/// longer ask anything of the user (``OutstandingNotifications``). It never asks for
/// content: the engine asks the app's ``ReminderSource`` only for what made the cut.
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
        let capacity = max(0, (input.capacity ?? configuration.capacity) - input.foreignRequests)

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
            if rule.location != nil { continue }
            guard let first = rule.schedule.nextOccurrence(after: input.now, using: converter),
                  first.date < horizonEnd else { continue }
            candidates.append(PlanCandidate(
                occurrence: first, priority: rule.priority,
                tieBreak: PlanCandidate.stableHash(of: rule.id), ruleIndex: index))
        }

        let context = Context(input: input, deviceConverter: deviceConverter, converters: converters)
        // The reserve side first: what the user asked for, then what the app posted.
        var snoozes = Array(context.plannedSnoozes(before: horizonEnd).prefix(capacity))
        let events = Array(context.plannedEvents().prefix(capacity - snoozes.count))
        let today = deviceConverter.local(for: input.now).date
        let located = context.plannedLocationReminders(today: today, room: max(0, capacity - configuration.reserve))
        let fullBudget = max(0, capacity - configuration.reserve - located.reminders.count)
        let reminderRoom = max(0, min(fullBudget, capacity - snoozes.count - events.count - located.reminders.count))

        let snoozed = Set(input.snoozes.map(\.original))
        // After the clock is set back, occurrences that already fired come round again.
        let alreadyFired = Set(input.fired.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier))
        var heap = Heap(candidates)
        var chosen: [(candidate: PlanCandidate, day: LocalDate)] = []
        chosen.reserveCapacity(fullBudget)
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
            } else if chosen.count == fullBudget {
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

        let planned = chosen.map { entry in
            let rule = input.rules[entry.candidate.ruleIndex]
            return PlannedReminder(
                rule: rule, occurrence: entry.candidate.occurrence, badge: nil, day: entry.day,
                triggerTime: converters[entry.candidate.ruleIndex].local(for: entry.candidate.occurrence.date))
        }
        var reminders = Array(planned.prefix(reminderRoom))
        let displaced = Array(planned.dropFirst(reminderRoom))
        if let firstDisplaced = displaced.first { coverageHorizon = firstDisplaced.date }
        let followUpRoom = max(0, capacity - snoozes.count - events.count - reminders.count - located.reminders.count)
        let followUps = context.plannedFollowUps(
            after: reminders, limit: min(configuration.effectiveFollowUpLimit, followUpRoom))

        let outstanding = OutstandingNotifications(input, converters: converters)
        let outstandingNow = outstanding.count(on: today)
        // The route's completion fires at once: everything delivered after it counts it,
        // on every day, until the user responds to it.
        let completionPending = input.routeCompletion.map { completion in
            input.routeCompletionIsPending || events.contains { $0.identifier == completion }
        } ?? false
        let carried = (completionPending || outstanding.routeCompletionDelivered) ? 1 : 0
        let outstandingSoon = outstandingNow + (completionPending ? 1 : 0)
        assignBadges(to: &reminders, and: &snoozes, today: today, outstandingToday: outstandingSoon,
                     outstandingLater: carried)

        let appBadge: Int? = if case .none = configuration.badgePolicy { nil } else { outstandingNow }
        var plan = Plan(
            reminders: reminders,
            snoozes: snoozes,
            followUps: followUps,
            events: events,
            displaced: displaced,
            staleDelivered: outstanding.stale,
            capacity: capacity,
            coverageHorizon: coverageHorizon,
            horizonEnd: horizonEnd,
            skipped: skipped,
            pausedEntities: pausedEntities.sorted(),
            appBadge: appBadge,
            remainder: Plan.Remainder(
                heap: heap, rules: input.rules, converters: converters,
                deviceConverter: deviceConverter, satisfied: input.satisfied)
        )
        plan.locationReminders = located.reminders.map { reminder in
            var reminder = reminder
            if reminder.rule.countsTowardBadge {
                // Delivered whenever the device crosses the region: one more than what is
                // outstanding now; the run after its delivery renumbers.
                switch configuration.badgePolicy {
                case .none: reminder.badge = nil
                case .outstanding: reminder.badge = outstandingSoon + 1
                case .custom(let decide): reminder.badge = decide(reminder, outstandingSoon + 1)
                }
            }
            return reminder
        }
        if completionPending, let completion = input.routeCompletion {
            // What is outstanding when it is delivered, itself included (under a custom
            // policy too: the app decides for reminders, and this is no reminder).
            switch configuration.badgePolicy {
            case .none: break
            case .outstanding, .custom: plan.eventBadges[completion] = outstandingSoon
            }
        }
        plan.regions = located.regions
        plan.refreshDeadline = refreshDeadline(for: plan, now: input.now, zone: input.deviceZone)
        return plan
    }

    /// The instant by which `plan` must be re-planned: when its guaranteed coverage
    /// ends, or the next local midnight when content depends on the day and something
    /// is pending then.
    private func refreshDeadline(for plan: Plan, now: Date, zone: TimeZone) -> Date? {
        var deadline = plan.guaranteedCoverage.date
        if configuration.contentDependsOnDay, plan.pendingCount > 0 {
            let midnight = DayBoundary.next(after: now, in: zone)
            deadline = min(deadline ?? midnight, midnight)
        }
        return deadline
    }

    /// Numbers reminders and snoozes together in fire order, per device-local day:
    /// each one's badge is what is outstanding when it is delivered: `outstandingToday`
    /// before today's first, `outstandingLater` (the route's completion) before another
    /// day's first.
    private func assignBadges(to reminders: inout [PlannedReminder], and snoozes: inout [PlannedReminder],
                              today: LocalDate, outstandingToday: Int, outstandingLater: Int) {
        var order: [(isSnooze: Bool, index: Int, date: Date)] =
            reminders.indices.map { (false, $0, reminders[$0].date) } + snoozes.indices.map { (true, $0, snoozes[$0].date) }
        if !snoozes.isEmpty { order.sort { ($0.date, $0.isSnooze ? 1 : 0, $0.index) < ($1.date, $1.isSnooze ? 1 : 0, $1.index) } }
        var countsPerDay: [LocalDate: Int] = [:]
        for entry in order {
            var reminder = entry.isSnooze ? snoozes[entry.index] : reminders[entry.index]
            guard reminder.rule.countsTowardBadge else { continue }
            let position = (countsPerDay[reminder.day] ?? 0) + 1
            countsPerDay[reminder.day] = position
            let outstanding = (reminder.day == today ? outstandingToday : outstandingLater) + position
            switch configuration.badgePolicy {
            case .none: reminder.badge = nil
            case .outstanding: reminder.badge = outstanding
            case .custom(let decide): reminder.badge = decide(reminder, outstanding)
            }
            if entry.isSnooze { snoozes[entry.index] = reminder } else { reminders[entry.index] = reminder }
        }
    }
}
