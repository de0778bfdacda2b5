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
/// 4. follow-ups, soonest first, up to ``PlannerConfiguration/effectiveFollowUpLimit``;
/// 5. the alarms' backstops (``AlarmBackstop``), soonest first, in the slots left free.
///
/// Snoozes and events live in the reserve. When they outgrow it they take the latest
/// reminders' slots: those are reported in ``Plan/displaced`` and come back at a
/// later plan, once the snoozes and events have fired. Together, the plan never asks
/// for more than the center keeps.
///
/// **Alarms.** Rules whose level is ``Urgency/alarm`` while the user allows alarms
/// (``PlanningInput/alarms``) are planned in their own channel, within its own
/// capacity, and take no slot of the center (``Plan/alarms``); each alarm occurrence has
/// a backstop notification in the center (``Plan/backstops``).
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
package struct Planner: Sendable {
    public var configuration: PlannerConfiguration

    public init(configuration: PlannerConfiguration = PlannerConfiguration()) {
        self.configuration = configuration
    }

    public func plan(_ input: PlanningInput) -> Plan {
        var walk: OneShotWalk?
        return plan(input, walk: &walk, keepingWalk: false)
    }

    /// ``plan(_:)``, replaying `walk` when the last plan met the same occurrences, and
    /// leaving this plan's walk in it for the next (``OneShotWalk``): the same plan as
    /// ``plan(_:)``, whatever `walk` holds.
    func plan(_ input: PlanningInput, walk: inout OneShotWalk?, keepingWalk: Bool = true) -> Plan {
        planJudging(input, walk: &walk, keepingWalk: keepingWalk).plan
    }

    /// ``plan(_:walk:keepingWalk:)``, with the judge of the delivered list the plan's
    /// badges and stale list came from (the engine settles its verdicts in
    /// ``DeliveredLedger`` with it, rather than judging the list again).
    ///
    /// `input` is consumed: the engine hands over the input it built, so planning does
    /// not copy it to set the alarm rules apart.
    func planJudging(_ input: consuming PlanningInput, walk: inout OneShotWalk?, keepingWalk: Bool = true)
        -> (plan: Plan, outstanding: OutstandingNotifications) {
        let horizonEnd = input.now.addingTimeInterval(configuration.horizon)
        let deviceConverter = ZoneConverter.for(input.deviceZone)
        var alarms = AlarmPlanning(taking: &input, planner: self, horizonEnd: horizonEnd,
                                   deviceConverter: deviceConverter)
        let budget = SlotBudget(centerCapacity: input.capacity ?? configuration.capacity,
                                foreignRequests: input.foreignRequests, reserve: configuration.reserve)
        var scan = scanRules(input, horizonEnd: horizonEnd, deviceConverter: deviceConverter, walk: &walk,
                             keepingWalk: keepingWalk)
        let converters = scan.converters
        let today = deviceConverter.local(for: input.now).date
        let selector = OneShotSelector(input: copy input, horizonEnd: horizonEnd, deviceConverter: deviceConverter,
                                       converters: converters, grouping: Grouping(configuration, deviceConverter: deviceConverter))
        var compression = Compression()
        if scan.considersRepeating {
            compression = compress(input, scan: scan, budget: budget, today: today, horizonEnd: horizonEnd,
                                   deviceConverter: deviceConverter, selector: selector)
            // A compressed rule whose badge is dropped counts toward no badge while it is.
            for index in compression.droppedBadges { input.rules[index].countsTowardBadge = false }
        }
        let compressed = compression.slotCount
        let context = Context(input: copy input, deviceConverter: deviceConverter, converters: converters)
        // The reserve side first: what the user asked for, then what the app posted.
        var snoozes = Array(context.plannedSnoozes(before: horizonEnd).prefix(budget.snoozeRoom))
        let events = Array(context.plannedEvents().prefix(budget.eventRoom(snoozes: snoozes.count)))
        let (located, regions) = context.plannedLocationReminders(today: today, room: budget.reminderSide)
        let reminderRoom = budget.reminderRoom(snoozes: snoozes.count, events: events.count,
                                               located: located.count, compressed: compressed)

        if !compression.slots.isEmpty { scan.candidates.removeAll { compression.slots[$0.ruleIndex] != nil } }
        let oneShots = chooseOneShots(
            scan.candidates, input: input, converters: converters, selector: selector,
            budget: budget.reminderBudget(located: located.count, compressed: compressed), room: reminderRoom,
            walk: &walk)
        let selection = oneShots.selection, displaced = oneShots.displaced
        var reminders = oneShots.reminders, groups = oneShots.groups
        let freeRoom = budget.followUpRoom(snoozes: snoozes.count, events: events.count,
                                           reminders: reminders.count + groups.count,
                                           located: located.count, compressed: compressed)
        let followUps = context.plannedFollowUps(
            after: reminders, groups: groups, limit: min(configuration.effectiveFollowUpLimit, freeRoom))
        alarms.planBackstops(input: input, room: freeRoom - followUps.count)
        let outstanding = judge(input, converters: converters, declaredRules: alarms.declaredRulesForJudging)
        let counts = BadgeCounts(input: input, outstanding: outstanding, today: today, events: events)
        assignBadges(to: &reminders, and: &snoozes, backstops: &alarms.backstops, groups: &groups, today: today,
                     outstandingToday: counts.soon, outstandingLater: counts.carried, input: input)
        let appBadge: Int? = if case .none = configuration.badgePolicy { nil } else { counts.now }
        var plan = Plan(
            reminders: reminders, groups: groups, snoozes: snoozes, followUps: followUps, events: events,
            displaced: displaced,
            staleDelivered: outstanding.stale,
            capacity: budget.capacity,
            coverageHorizon: selection.coverageHorizon,
            horizonEnd: horizonEnd,
            skipped: selection.skipped,
            pausedEntities: scan.pausedEntities.sorted(),
            appBadge: appBadge,
            remainder: Plan.Remainder(heap: selection.heap, selector: selector)
        )
        plan.repeating = repeatingReminders(compression, input: input, converters: converters,
                                            deviceConverter: deviceConverter)
        plan.locationReminders = badged(located, counts: counts, outstanding: outstanding, today: today,
                                        input: input)
        badgeRouteCompletion(of: &plan, input: input, counts: counts)
        plan.regions = regions
        plan.deliverySettings = input.deliverySettings
        plan.guaranteedCoverage = guaranteedCoverage(
            oneShotHorizon: selection.coverageHorizon, compressed: compression,
            oneShotRulesDue: scan.dueRules.contains { compression.slots[$0] == nil }, input: input, horizonEnd: horizonEnd)
        alarms.apply(to: &plan)
        // (Worked out before it is set: reading the plan while setting it would copy it.)
        let deadline = refreshDeadline(for: plan, now: input.now, zone: input.deviceZone, switchAt: compression.switchAt)
        plan.refreshDeadline = deadline
        return (plan, outstanding)
    }

    /// The pass over the rules: the one `walk` started from when it meets the same
    /// occurrences, a new one otherwise. Leaves in `walk` the walk this plan replays or
    /// records; `nil` when it records none (not `keepingWalk`, or repeating triggers
    /// considered).
    private func scanRules(_ input: PlanningInput, horizonEnd: Date, deviceConverter: ZoneConverter,
                           walk: inout OneShotWalk?, keepingWalk: Bool) -> RuleScan {
        let recording = keepingWalk && !considersRepeating(input) && !configuration.groupsReminders
        if !recording || !(walk?.matches(input, horizonEnd: horizonEnd) ?? false) { walk = nil }
        if let kept = walk { return kept.scan }
        let scan = scanRules(input, horizonEnd: horizonEnd, deviceConverter: deviceConverter, keepingLater: recording)
        if recording { walk = OneShotWalk(input: input, horizonEnd: horizonEnd, scan: scan) }
        return scan
    }

    /// The instant by which `plan` must be re-planned: when its guaranteed coverage
    /// ends; the next local midnight when content depends on the day and a planned
    /// request's rule does not declare fixed content; and `switchAt`, when a rule
    /// blocked from repeating triggers may take them.
    private func refreshDeadline(for plan: Plan, now: Date, zone: TimeZone, switchAt: Date?) -> Date? {
        var deadline = plan.guaranteedCoverage.date
        func dependsOnDay(_ reminders: [PlannedReminder]) -> Bool { reminders.contains { !$0.rule.fixedContent } }
        if configuration.contentDependsOnDay,
           dependsOnDay(plan.reminders) || dependsOnDay(plan.snoozes) || dependsOnDay(plan.followUps)
            || dependsOnDay(plan.locationReminders) || dependsOnDay(plan.repeating)
            || dependsOnDay(plan.backstops) || plan.groups.contains(where: { dependsOnDay($0.members) }) {
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
    ///
    /// While the user has the scheduled summary on, a reminder it holds carries no badge
    /// and takes no number: it appears at a summary time the app cannot read, so no
    /// number it could carry would be right then (a number in due order would set the
    /// badge back when a batch arrives after a time-sensitive reminder that broke
    /// through). The badge is left as it is when the batch arrives, and the app's next
    /// run sets it. Reminders that break through are numbered among themselves.
    private func assignBadges(to reminders: inout [PlannedReminder], and snoozes: inout [PlannedReminder],
                              backstops: inout [PlannedReminder], groups: inout [PlannedGroup], today: LocalDate,
                              outstandingToday: Int, outstandingLater: Int, input: PlanningInput) {
        // Kinds at one instant: reminders, then groups, then snoozes, then the alarms'
        // backstops (each the occurrence of its alarm: a nag's later repeats add nothing).
        var order: [(kind: Int, index: Int, date: Date)] = reminders.indices.map { (0, $0, reminders[$0].date) }
            + groups.indices.map { (1, $0, groups[$0].date) } + snoozes.indices.map { (2, $0, snoozes[$0].date) }
            + backstops.indices.filter { backstops[$0].nagRepeat == 1 }.map { (3, $0, backstops[$0].date) }
        if !snoozes.isEmpty || !groups.isEmpty || !backstops.isEmpty {
            order.sort { ($0.date, $0.kind, $0.index) < ($1.date, $1.kind, $1.index) }
        }
        var countsPerDay: [LocalDate: Int] = [:]
        // In place: a reminder is a large value, copied out and back field by field.
        let summary = input.deliverySettings.scheduledSummary
        func held(_ reminder: PlannedReminder) -> Bool { summary && Self.isHeldBySummary(reminder, input: input) }
        /// The badge after `added` more outstanding occurrences on `day`.
        func count(_ added: Int, on day: LocalDate, for reminder: PlannedReminder) -> Int? {
            let position = (countsPerDay[day] ?? 0) + added
            countsPerDay[day] = position
            return badge(for: reminder, outstanding: (day == today ? outstandingToday : outstandingLater) + position)
        }
        func number(_ reminder: inout PlannedReminder) {
            guard reminder.rule.countsTowardBadge else { return }
            reminder.badge = held(reminder) ? nil : count(1, on: reminder.day, for: reminder)
        }
        // A group counts each member that counts toward the badge; the summary holds it
        // when it holds every such member.
        func number(_ group: inout PlannedGroup) {
            let counted = group.members.filter(\.rule.countsTowardBadge)
            guard let first = counted.first else { return }
            group.badge = counted.allSatisfy(held) ? nil : count(counted.count, on: group.day, for: first)
        }
        for entry in order {
            switch entry.kind {
            case 0: number(&reminders[entry.index])
            case 1: number(&groups[entry.index])
            case 2: number(&snoozes[entry.index])
            default: number(&backstops[entry.index])
            }
        }
    }

    /// The judge of the delivered list. With `declaredRules` (the rules as declared,
    /// before the alarm channel took its own), notifications delivered before alarms
    /// were allowed are judged with every declared rule.
    private func judge(_ input: PlanningInput, converters: [ZoneConverter], declaredRules: [ReminderRule]?)
        -> OutstandingNotifications {
        guard let declaredRules, !input.delivered.isEmpty else { return OutstandingNotifications(input, converters: converters) }
        var declared = input
        declared.rules = declaredRules
        return OutstandingNotifications(declared)
    }

    /// Whether the scheduled summary holds a reminder: its level (active when its rule
    /// leaves the level to the content) is passive or active.
    static func isHeldBySummary(_ reminder: PlannedReminder, input: PlanningInput) -> Bool {
        guard let urgency = reminder.rule.urgency else { return true }
        return DeliveryForecast(urgency: urgency, fallback: reminder.rule.fallback, settings: input.deliverySettings,
                                alarmChannel: input.alarms).heldBySummary
    }

    /// Location reminders with their badges: delivered whenever the device crosses
    /// the region, each counts one more than what is outstanding now, unless its
    /// occurrence is outstanding already (a repeating one delivered earlier today: its
    /// repeat is the same occurrence, the same badge); the run after its delivery
    /// renumbers.
    private func badged(_ reminders: [PlannedReminder], counts: BadgeCounts, outstanding: OutstandingNotifications,
                        today: LocalDate, input: PlanningInput) -> [PlannedReminder] {
        reminders.map { reminder in
            var reminder = reminder
            if reminder.rule.countsTowardBadge, input.deliverySettings.scheduledSummary,
               Self.isHeldBySummary(reminder, input: input) {
                reminder.badge = nil
            } else if reminder.rule.countsTowardBadge {
                let itself = outstanding.counts(reminder.identifier, on: today) ? 0 : 1
                reminder.badge = badge(for: reminder, outstanding: counts.soon + itself)
            }
            return reminder
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
