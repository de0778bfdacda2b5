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
        var input = input
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
        // Rules with an occurrence still to come, within the horizon or not (only needed
        // when some rule may repeat).
        let considersRepeating = configuration.repeatingTriggers != .never && input.rules.contains(where: \.fixedContent)
        var dueRules: [Int] = []
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
            guard let first = rule.schedule.nextOccurrence(after: input.now, using: converter) else { continue }
            if considersRepeating { dueRules.append(index) }
            guard first.date < horizonEnd else { continue }
            candidates.append(PlanCandidate(
                occurrence: first, priority: rule.priority,
                tieBreak: PlanCandidate.stableHash(of: rule.id), ruleIndex: index))
        }

        let today = deviceConverter.local(for: input.now).date
        let selector = OneShotSelector(input: input, horizonEnd: horizonEnd, deviceConverter: deviceConverter,
                                       converters: converters)
        var compression = Compression()
        if considersRepeating {
            let context = Context(input: input, deviceConverter: deviceConverter, converters: converters)
            let snoozeCount = min(capacity, context.plannedSnoozes(before: horizonEnd).count)
            let eventCount = min(capacity - snoozeCount, context.plannedEvents().count)
            let locatedCount = context.plannedLocationReminders(
                today: today, room: max(0, capacity - configuration.reserve)).reminders.count
            let room = max(0, min(capacity - configuration.reserve - locatedCount,
                                  capacity - snoozeCount - eventCount - locatedCount))
            compression = chooseCompression(input: input, converters: converters, candidates: candidates,
                                            dueRules: dueRules, room: room, selector: selector)
            // A compressed rule whose badge is dropped counts toward no badge while it is.
            for index in compression.droppedBadges { input.rules[index].countsTowardBadge = false }
        }
        let compressedCount = compression.slotCount

        let context = Context(input: input, deviceConverter: deviceConverter, converters: converters)
        // The reserve side first: what the user asked for, then what the app posted.
        var snoozes = Array(context.plannedSnoozes(before: horizonEnd).prefix(capacity))
        let events = Array(context.plannedEvents().prefix(capacity - snoozes.count))
        let located = context.plannedLocationReminders(today: today, room: max(0, capacity - configuration.reserve))
        let fullBudget = max(0, capacity - configuration.reserve - located.reminders.count - compressedCount)
        let reminderRoom = max(0, min(fullBudget, capacity - snoozes.count - events.count - located.reminders.count
                                                  - compressedCount))

        if !compression.slots.isEmpty { candidates.removeAll { compression.slots[$0.ruleIndex] != nil } }
        var selection = selector.select(candidates, budget: fullBudget, recordingSkips: true)
        let chosen = selection.chosen

        let planned = chosen.map { entry in
            let rule = input.rules[entry.candidate.ruleIndex]
            return PlannedReminder(
                rule: rule, occurrence: entry.candidate.occurrence, badge: nil, day: entry.day,
                triggerTime: converters[entry.candidate.ruleIndex].local(for: entry.candidate.occurrence.date))
        }
        var reminders = Array(planned.prefix(reminderRoom))
        let displaced = Array(planned.dropFirst(reminderRoom))
        if let firstDisplaced = displaced.first { selection.coverageHorizon = firstDisplaced.date }
        let followUpRoom = max(0, capacity - snoozes.count - events.count - reminders.count - located.reminders.count
                                  - compressedCount)
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
            coverageHorizon: selection.coverageHorizon,
            horizonEnd: horizonEnd,
            skipped: selection.skipped,
            pausedEntities: pausedEntities.sorted(),
            appBadge: appBadge,
            remainder: Plan.Remainder(heap: selection.heap, selector: selector)
        )
        plan.repeating = compression.slots.keys.sorted().flatMap { index in
            let rule = input.rules[index]
            return compression.slots[index, default: []].map { slot in
                let occurrence = RepeatingEligibility.firstMatch(of: slot, converter: converters[index], after: input.now)
                var reminder = PlannedReminder(rule: rule, occurrence: occurrence, badge: nil,
                                               day: deviceConverter.local(for: occurrence.date).date,
                                               triggerTime: occurrence.local)
                reminder.repeating = slot
                return reminder
            }
        }.sorted { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        plan.locationReminders = located.reminders.map { reminder in
            var reminder = reminder
            if reminder.rule.countsTowardBadge {
                // Delivered whenever the device crosses the region: one more than what is
                // outstanding now; the run after its delivery renumbers.
                reminder.badge = badge(for: reminder, outstanding: outstandingSoon + 1)
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
        plan.guaranteedCoverage = guaranteedCoverage(
            oneShotHorizon: selection.coverageHorizon, compressed: compression,
            oneShotRulesDue: dueRules.contains { compression.slots[$0] == nil }, input: input, horizonEnd: horizonEnd)
        plan.refreshDeadline = refreshDeadline(for: plan, now: input.now, zone: input.deviceZone,
                                               switchAt: compression.switchAt)
        return plan
    }

    /// The instant by which `plan` must be re-planned: when its guaranteed coverage
    /// ends; the next local midnight when content depends on the day and a planned
    /// request's rule does not declare fixed content; and `switchAt`, when a rule
    /// blocked from repeating triggers may take them.
    private func refreshDeadline(for plan: Plan, now: Date, zone: TimeZone, switchAt: Date?) -> Date? {
        var deadline = plan.guaranteedCoverage.date
        if configuration.contentDependsOnDay, plan.requests.contains(where: { !$0.rule.fixedContent }) {
            let midnight = DayBoundary.next(after: now, in: zone)
            deadline = min(deadline ?? midnight, midnight)
        }
        if let switchAt { deadline = min(deadline ?? switchAt, switchAt) }
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
            reminder.badge = badge(for: reminder, outstanding: outstanding)
            if entry.isSnooze { snoozes[entry.index] = reminder } else { reminders[entry.index] = reminder }
        }
    }

    /// The badge `reminder` carries under the badge policy when `outstanding` is what
    /// will be outstanding once it is delivered.
    private func badge(for reminder: PlannedReminder, outstanding: Int) -> Int? {
        switch configuration.badgePolicy {
        case .none: nil
        case .outstanding: outstanding
        case .custom(let decide): decide(reminder, outstanding)
        }
    }
}
