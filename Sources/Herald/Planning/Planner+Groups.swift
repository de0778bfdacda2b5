import Foundation

extension Planner {
    /// Where each chosen occurrence of a plan that groups reminders is delivered, and
    /// how many slots they take: one per cluster (a single reminder, or a group).
    struct Clustering {
        struct Placement {
            /// When it fires: its instant, or the end of the quiet hours holding it.
            var delivery: Date
            /// Whether the quiet hours deferred it.
            var deferred: Bool
            /// Which cluster it belongs to (one slot each).
            var cluster: Int
        }

        /// One per chosen occurrence, in the order of ``Selection/chosen``.
        var placements: [Placement] = []
        /// How many clusters there are: the slots the chosen occurrences take.
        var count = 0
        /// The cluster the next groupable occurrence may join: its instant, index and
        /// whether it is a quiet-hours batch.
        var open: (anchor: Date, index: Int, isBatch: Bool)?
    }

    /// How a plan defers reminders inside the quiet hours and groups those due
    /// together (``PlannerConfiguration/quietHours``, ``PlannerConfiguration/groupWithin``).
    ///
    /// The walk meets occurrences in due order. Each is delivered at its instant, or at
    /// the end of the quiet period holding it when its rule observes the quiet hours.
    /// It joins the open cluster when both are groupable and it is deferred to the
    /// batch's end, or due within the window after the cluster's first instant (at
    /// that very instant for a batch without a window); otherwise it opens a new one,
    /// which takes a slot. A reminder that ignores the quiet hours and falls inside
    /// them breaks through alone: it neither joins nor closes a cluster.
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
        /// deferred it, and whether it may be grouped.
        func delivery(of date: Date, rule: ReminderRule) -> (date: Date, deferred: Bool, groupable: Bool) {
            if let quietHours, let end = quietHours.end(ofPeriodHolding: date, converter: deviceConverter) {
                return rule.observesQuietHours ? (end, true, true) : (date, false, false)
            }
            return (date, false, true)
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
            // In place: copying the clustering out and back would copy its placements each time.
            if delivery.groupable, let open = selection.clustering.open, joins(open, delivery: delivery.date,
                                                                               deferred: delivery.deferred) {
                selection.clustering.placements.append(.init(delivery: delivery.date, deferred: delivery.deferred,
                                                             cluster: open.index))
                if delivery.deferred { selection.clustering.open?.isBatch = true }
                selection.chosen.append((candidate, day))
                return true
            }
            guard selection.clustering.count < budget else { return false }
            let index = selection.clustering.count
            selection.clustering.count += 1
            selection.clustering.placements.append(.init(delivery: delivery.date, deferred: delivery.deferred,
                                                         cluster: index))
            if delivery.groupable { selection.clustering.open = (delivery.date, index, delivery.deferred) }
            selection.chosen.append((candidate, day))
            return true
        }

        private func joins(_ open: (anchor: Date, index: Int, isBatch: Bool), delivery: Date, deferred: Bool) -> Bool {
            if deferred { return open.isBatch && open.anchor == delivery }
            guard let within = window ?? (open.isBatch ? 0 : nil) else { return false }
            return delivery >= open.anchor && delivery.timeIntervalSince(open.anchor) <= within
        }
    }

    /// The chosen occurrences of a grouping plan as requests: each cluster of one as a
    /// reminder at its delivery (deferred ones at the end of the quiet hours), each
    /// larger cluster as a ``PlannedGroup`` at its first delivery; the first `room`
    /// clusters pending, the members of the rest displaced.
    func groupedOneShots(_ selection: Selection, input: PlanningInput, converters: [ZoneConverter],
                         deviceConverter: ZoneConverter, room: Int)
        -> (reminders: [PlannedReminder], groups: [PlannedGroup], displaced: [PlannedReminder]) {
        var clusters: [[PlannedReminder]] = Array(repeating: [], count: selection.clustering.count)
        var deferred = Array(repeating: false, count: selection.clustering.count)
        for (entry, placement) in zip(selection.chosen, selection.clustering.placements) {
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
            guard members.count > 1, let first = members.first else {
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
            groups.append(PlannedGroup(members: aligned, date: date, day: day, isDeferred: deferred[index]))
        }
        reminders.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        groups.sort { $0.date < $1.date }
        return (reminders, groups, displaced)
    }
}

extension ReminderRule {
    /// Whether the quiet hours defer this rule's reminders: unless it
    /// ``ignoresQuietHours`` or asks for a time-sensitive, critical or alarm level.
    public var observesQuietHours: Bool {
        guard !ignoresQuietHours else { return false }
        switch urgency {
        case .timeSensitive, .critical, .alarm: return false
        case .passive, .active, nil: return true
        }
    }

    /// This rule firing at its time inside the quiet hours, instead of at their end.
    ///
    /// ```swift
    /// let alarmClock = try ReminderRule(entity: wake, id: "early", schedule: early).ignoringQuietHours()
    /// ```
    public func ignoringQuietHours() -> ReminderRule {
        var rule = self
        rule.ignoresQuietHours = true
        return rule
    }
}
