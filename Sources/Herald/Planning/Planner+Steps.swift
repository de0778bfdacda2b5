import Foundation

/// The steps of ``Planner/plan(_:)`` around the sharing of the center's slots (which
/// is ``SlotBudget``'s): reading the rules, compressing rules into repeating triggers,
/// choosing the one-shot reminders, counting what the badges start from.
extension Planner {
    /// What one pass over the rules finds: each rule's converter, the first occurrence
    /// of every rule due within the horizon, the paused entities, and the rules with an
    /// occurrence still to come (when some rule may repeat).
    struct RuleScan {
        var converters: [ZoneConverter] = []
        var candidates: [PlanCandidate] = []
        var pausedEntities: Set<EntityReference> = []
        /// Whether repeating triggers are considered at all: allowed, and some rule
        /// declares fixed content.
        var considersRepeating = false
        /// Rules with an occurrence still to come, within the horizon or not (only
        /// filled when ``considersRepeating``).
        var dueRules: [Int] = []
    }

    /// Whether repeating triggers are considered for `input`: allowed, and some rule
    /// declares fixed content.
    /// Plans that defer or group reminders keep one-shot requests: a repeating trigger
    /// would fire inside the quiet hours, and alone.
    func considersRepeating(_ input: PlanningInput) -> Bool {
        configuration.repeatingTriggers != .never && !configuration.groupsReminders
            && input.rules.contains(where: \.fixedContent)
    }

    /// One converter per rule (floating rules share the device's), and each rule's
    /// first occurrence after `now` as a candidate; paused and location rules have none.
    ///
    /// A scan for a recorded walk (`keepingLater`) keeps the rules whose first occurrence
    /// is past the horizon too: it then holds for any later horizon (``OneShotWalk``).
    func scanRules(_ input: PlanningInput, horizonEnd: Date, deviceConverter: ZoneConverter,
                   keepingLater: Bool = false) -> RuleScan {
        var scan = RuleScan()
        var pinned: [String: ZoneConverter] = [:]
        scan.converters.reserveCapacity(input.rules.count)
        scan.candidates.reserveCapacity(input.rules.count)
        scan.considersRepeating = considersRepeating(input)
        // Inside the quiet hours, what they deferred since they began still waits.
        let quietStart = configuration.quietHours?.period(holding: input.now, converter: deviceConverter)?.start
        for (index, rule) in input.rules.enumerated() {
            let converter: ZoneConverter
            if let zone = rule.schedule.timeZone {
                converter = pinned[zone.identifier] ?? ZoneConverter.for(zone)
                pinned[zone.identifier] = converter
            } else {
                converter = deviceConverter
            }
            scan.converters.append(converter)
            if input.paused.contains(rule.entity) {
                scan.pausedEntities.insert(rule.entity)
                continue
            }
            if rule.location != nil { continue }
            let from = quietStart.flatMap { rule.observesQuietHours ? $0.addingTimeInterval(-1) : nil } ?? input.now
            guard let first = rule.schedule.nextOccurrence(after: from, using: converter) else { continue }
            if scan.considersRepeating { scan.dueRules.append(index) }
            guard first.date < horizonEnd || keepingLater else { continue }
            scan.candidates.append(PlanCandidate(
                occurrence: first, priority: rule.priority,
                tieBreak: PlanCandidate.stableHash(of: rule.id), ruleIndex: index))
        }
        return scan
    }

    /// The rules to compress into repeating triggers, within the slots the one-shot
    /// reminders would have once the reserve side (snoozes, events) and the location
    /// reminders are in.
    func compress(_ input: PlanningInput, scan: RuleScan, budget: SlotBudget, today: LocalDate, horizonEnd: Date,
                  deviceConverter: ZoneConverter, selector: OneShotSelector) -> Compression {
        let context = Context(input: input, deviceConverter: deviceConverter, converters: scan.converters)
        let snoozes = min(budget.snoozeRoom, context.plannedSnoozes(before: horizonEnd).count)
        let events = min(budget.eventRoom(snoozes: snoozes), context.plannedEvents().count)
        let located = context.plannedLocationReminders(today: today, room: budget.reminderSide).reminders.count
        let room = budget.reminderRoom(snoozes: snoozes, events: events, located: located, compressed: 0)
        return chooseCompression(input: input, converters: scan.converters, candidates: scan.candidates,
                                 dueRules: scan.dueRules, room: room, selector: selector)
    }

    /// The one-shot reminders within `budget`, soonest first: the first `room` of them
    /// pending, the rest displaced by snoozes and events beyond the reserve (the
    /// coverage then ends at the first one displaced).
    ///
    /// With a `walk` (no repeating triggers considered), the walk of the last plan is
    /// replayed when it met the same occurrences (``OneShotWalk``), and this plan's walk
    /// is left in it for the next.
    func chooseOneShots(_ candidates: [PlanCandidate], input: PlanningInput, converters: [ZoneConverter],
                        selector: OneShotSelector, budget: Int, room: Int, walk: inout OneShotWalk?)
        -> (selection: Selection, reminders: [PlannedReminder], groups: [PlannedGroup], displaced: [PlannedReminder]) {
        var selection: Selection
        if var recorded = walk {
            var replayed = recorded.hasWalked ? selector.select(replaying: &recorded, from: nil, budget: budget) : nil
            if replayed != nil {
                recorded.replays += 1
            } else {
                recorded = OneShotWalk(input: input, horizonEnd: recorded.horizonEnd, scan: recorded.scan)
                // Walking from the start never gives up.
                replayed = selector.select(replaying: &recorded, from: candidates, budget: budget)
                recorded.hasWalked = true
            }
            selection = replayed!
            walk = recorded
        } else {
            selection = selector.select(candidates, budget: budget, recordingSkips: true)
        }
        if let grouping = selector.grouping {
            let grouped = grouping.oneShots(of: selection, input: input, converters: converters, room: room)
            if let firstDisplaced = grouped.displaced.map(\.occurrence.date).min() {
                selection.coverageHorizon = firstDisplaced
            }
            return (selection, grouped.reminders, grouped.groups, grouped.displaced)
        }
        let planned = selection.chosen.map { entry in
            PlannedReminder(
                rule: input.rules[entry.candidate.ruleIndex], occurrence: entry.candidate.occurrence, badge: nil,
                day: entry.day, triggerTime: converters[entry.candidate.ruleIndex].local(for: entry.candidate.occurrence.date))
        }
        let displaced = Array(planned.dropFirst(room))
        if let firstDisplaced = displaced.first { selection.coverageHorizon = firstDisplaced.date }
        return (selection, Array(planned.prefix(room)), [], displaced)
    }

    /// The repeating requests of the compressed rules, each at its first match after
    /// `now`, in fire order.
    func repeatingReminders(_ compression: Compression, input: PlanningInput, converters: [ZoneConverter],
                            deviceConverter: ZoneConverter) -> [PlannedReminder] {
        compression.slots.keys.sorted().flatMap { index in
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
    }

    /// What the badges count from: what is outstanding now, and the route's completion
    /// when it is pending or delivered.
    struct BadgeCounts {
        /// The notifications outstanding today (the app badge).
        var now: Int
        /// Whether the route's completion is pending (fires at once, or is planned now).
        var completionPending: Bool
        /// What every later day's first delivery starts from: 1 while the route's
        /// completion is pending or delivered and unanswered.
        var carried: Int
        /// What today's next delivery starts from: ``now``, and the pending completion.
        var soon: Int { now + (completionPending ? 1 : 0) }

        init(input: borrowing PlanningInput, outstanding: OutstandingNotifications, today: LocalDate, events: [PostedEvent]) {
            now = outstanding.count(on: today)
            // The route's completion fires at once: everything delivered after it counts it,
            // on every day, until the user responds to it.
            completionPending = input.routeCompletion.map { completion in
                input.routeCompletionIsPending || events.contains { $0.identifier == completion }
            } ?? false
            carried = (completionPending || outstanding.routeCompletionDelivered) ? 1 : 0
        }
    }

    /// The badge of the route's completion, when it is pending: what is outstanding
    /// when it is delivered, itself included (under a custom policy too: the app
    /// decides for reminders, and this is no reminder).
    func badgeRouteCompletion(of plan: inout Plan, input: PlanningInput, counts: BadgeCounts) {
        guard counts.completionPending, let completion = input.routeCompletion else { return }
        switch configuration.badgePolicy {
        case .none: break
        case .outstanding, .custom: plan.eventBadges[completion] = counts.soon
        }
    }
}
