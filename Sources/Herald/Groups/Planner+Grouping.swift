import Foundation

extension Planner {
    /// How a plan defers reminders inside the quiet hours and groups those due
    /// together (``PlannerConfiguration/quietHours``, ``PlannerConfiguration/groupWithin``).
    ///
    /// The walk meets occurrences in due order. Each is delivered at its instant, or at
    /// the end of the quiet period holding it when its rule observes the quiet hours;
    /// one that end would carry past its device-local day is dropped instead, unless
    /// the quiet hours or its rule defer past midnight (``dropsPastDayEnd(_:day:rule:)``).
    /// It joins the open cluster when both are groupable, the cluster has room
    /// (``PlannedGroup/memberLimit``, ``PlannedGroup/memberPayloadLimit``), and it is
    /// deferred to the batch's end, or due within the window after the cluster's first
    /// instant (at that very instant for a batch without a window); otherwise it opens
    /// a new one, which takes a slot. A full cluster goes on in a new one, the group's
    /// next part at the same instant when the occurrence would have joined it.
    /// A reminder that ignores the quiet hours and falls inside them breaks through
    /// alone: it neither joins nor closes a cluster.
    struct Grouping: Sendable {
        let quietHours: QuietHours?
        let window: TimeInterval?
        let deviceConverter: ZoneConverter

        init?(_ configuration: PlannerConfiguration, deviceConverter: ZoneConverter) {
            guard configuration.groupsReminders else { return nil }
            quietHours = configuration.quietHours
            window = configuration.groupWithin.map { max(0, $0) }
            self.deviceConverter = deviceConverter
        }

        /// When an occurrence at `date` of `rule` is delivered, whether the quiet hours
        /// deferred it, and whether it may be grouped (``QuietHours/delivery(of:rule:converter:)``).
        func delivery(of date: Date, rule: ReminderRule) -> (date: Date, deferred: Bool, groupable: Bool) {
            quietHours?.delivery(of: date, rule: rule, converter: deviceConverter) ?? (date, false, true)
        }

        /// Whether the quiet hours drop an occurrence at `date` of `rule`, on the
        /// device-local `day` (``QuietHours/dropsPastDayEnd(_:day:rule:converter:)``).
        func dropsPastDayEnd(_ date: Date, day: LocalDate, rule: ReminderRule) -> Bool {
            quietHours?.dropsPastDayEnd(date, day: day, rule: rule, converter: deviceConverter) ?? false
        }

        /// Takes a due occurrence into `selection`: into the open cluster, or a new one
        /// while `budget` has a slot.
        ///
        /// - Returns: `false` when it needs a slot and none is left (nothing is taken).
        func take(_ candidate: PlanCandidate, day: LocalDate, rule: ReminderRule, now: Date,
                  into selection: inout Selection, budget: Int) -> Bool {
            let delivery = delivery(of: candidate.occurrence.date, rule: rule)
            // Before now and not deferred past it: it was delivered already.
            if delivery.date <= now, candidate.occurrence.date <= now { return true }
            // A plan stands for at most so many occurrences: the coverage ends at the next.
            guard selection.chosen.count < PlannedGroup.planMemberLimit else { return false }
            let bytes = PlannedGroup.payloadBytes(ofReminderOf: rule, at: candidate.occurrence.local)
            var part = 1
            // In place: copying the clustering out and back would copy its placements each time.
            if delivery.groupable, let open = selection.clustering.open,
               joins(open, delivery: delivery.date, deferred: delivery.deferred) {
                if !open.isFull(adding: bytes) {
                    selection.clustering.placements.append(.init(delivery: open.anchor, deferred: delivery.deferred,
                                                                 cluster: open.index))
                    selection.clustering.open?.members += 1
                    selection.clustering.open?.payloadBytes += bytes
                    if delivery.deferred { selection.clustering.open?.isBatch = true }
                    selection.chosen.append((candidate, day))
                    return true
                }
                if open.anchor == delivery.date { part = open.part + 1 }
            }
            guard selection.clustering.count < budget else { return false }
            let index = selection.clustering.count
            selection.clustering.count += 1
            selection.clustering.placements.append(.init(delivery: delivery.date, deferred: delivery.deferred,
                                                         cluster: index, part: part))
            if delivery.groupable {
                selection.clustering.open = .init(anchor: delivery.date, index: index, isBatch: delivery.deferred,
                                                  part: part, payloadBytes: bytes)
            }
            selection.chosen.append((candidate, day))
            return true
        }

        private func joins(_ open: Clustering.OpenCluster, delivery: Date, deferred: Bool) -> Bool {
            if deferred { return open.isBatch && open.anchor == delivery }
            guard let within = window ?? (open.isBatch ? 0 : nil) else { return false }
            return delivery >= open.anchor && delivery.timeIntervalSince(open.anchor) <= within
        }
    }
}

extension Planner.Grouping {
    /// The chosen occurrences of a grouping plan as requests: each cluster of one as a
    /// reminder at its delivery (deferred ones at the end of the quiet hours), each
    /// larger cluster as a ``PlannedGroup`` at its first delivery; the first `room`
    /// clusters pending, the members of the rest displaced.
    ///
    /// ```swift
    /// if let grouping = selector.grouping {
    ///     let grouped = grouping.oneShots(of: selection, input: input, converters: converters, room: room)
    /// }
    /// ```
    func oneShots(of selection: Planner.Selection, input: PlanningInput, converters: [ZoneConverter], room: Int)
        -> (reminders: [PlannedReminder], groups: [PlannedGroup], displaced: [PlannedReminder]) {
        var clusters: [[PlannedReminder]] = Array(repeating: [], count: selection.clustering.count)
        var deferred = Array(repeating: false, count: selection.clustering.count)
        var parts = Array(repeating: 1, count: selection.clustering.count)
        for (entry, placement) in zip(selection.chosen, selection.clustering.placements) {
            parts[placement.cluster] = max(parts[placement.cluster], placement.part)
            let index = entry.candidate.ruleIndex
            let date = placement.delivery
            clusters[placement.cluster].append(PlannedReminder(
                rule: input.rules[index], occurrence: entry.candidate.occurrence, date: date, badge: nil,
                day: deviceConverter.local(for: date).date, triggerTime: converters[index].local(for: date)))
            deferred[placement.cluster] = deferred[placement.cluster] || placement.deferred
        }
        var reminders: [PlannedReminder] = [], groups: [PlannedGroup] = [], displaced: [PlannedReminder] = []
        for (index, members) in clusters.enumerated() {
            guard index < room else {
                displaced += members
                continue
            }
            // (A later part of one member stays a group: its rule may have a member in the first.)
            guard members.count > 1 || parts[index] > 1, let first = members.first else {
                reminders += members
                continue
            }
            let date = first.date
            let day = deviceConverter.local(for: date).date
            let aligned = members.map { member in
                var member = member
                member.date = date
                member.day = day
                return member
            }
            var group = PlannedGroup(members: aligned, date: date, day: day, isDeferred: deferred[index])
            group.part = parts[index]
            groups.append(group)
        }
        reminders.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        groups.sort { ($0.date, $0.part) < ($1.date, $1.part) }
        return (reminders, groups, displaced)
    }
}
