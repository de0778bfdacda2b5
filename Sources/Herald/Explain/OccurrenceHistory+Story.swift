import Foundation

/// Telling an occurrence's story from the history.
extension OccurrenceHistory {
    /// The story of `entity`'s `rule` at the local date-time `occurrence` (in the rule's
    /// zone, or `deviceZone` for a floating rule), as the history holds it at `now`.
    ///
    /// A location rule has one occurrence a day: any time of that day names it.
    ///
    /// `rules` are the app's rules now (to place the occurrence and see whether its rule
    /// excludes it), `state` Herald's state (to see whether the entity was deleted).
    /// ``Engine/explain(entity:rule:at:)`` calls it with the engine's own.
    ///
    /// ```swift
    /// let story = history.story(entity: water, rule: "sips", at: nine, rules: rules, state: try store.load(),
    ///                           deviceZone: clock.timeZone, now: clock.now)
    /// ```
    public func story(entity: EntityReference, rule: String, at occurrence: LocalDateTime, rules: [ReminderRule],
                      state: EngineState?, deviceZone: TimeZone, now: Date) -> OccurrenceStory {
        let found = rules.first { $0.entity == entity && $0.ruleID == rule }
        // A location rule has one occurrence a day, keyed at its midnight: any time of
        // the day names it.
        let occurrence = found?.location == nil ? occurrence
            : LocalDateTime(date: occurrence.date, time: LocalTime(hour: 0))
        let zone = found?.schedule.timeZone ?? deviceZone
        let key = Key(entity: entity, rule: rule, occurrence: OccurrenceKey(occurrence))
        // Where a plan placed it (a floating rule's time moves with the device's zone),
        // else where its rule places it now.
        let date = storage.withLock { Self.plannedDate(of: key, in: $0) }
            ?? ZoneConverter.for(zone).instant(for: occurrence).date
        let excluded = found.map {
            $0.schedule.excludedDates.contains(occurrence.date) || $0.schedule.excludedTimes.contains(occurrence)
        } ?? false
        var (events, offAtLastRun) = storage.withLock { storage in
            (tell(key, date: date, time: occurrence, now: now, storage: storage),
             storage.runs.last { $0.date <= date }?.notificationsOff == true)
        }
        if let deletedAt = state?.deletions[entity], deletedAt <= max(date, now) {
            // The run the deletion asked for dropped it from the plan: that is the deletion.
            if let dropped = events.firstIndex(where: { $0.date == deletedAt && $0.fact == .unplanned }) {
                events[dropped].fact = .deleted
            } else {
                events.append(OccurrenceStory.Event(date: deletedAt, fact: .deleted))
            }
        }
        if let found, found.location == nil, !events.contains(where: { $0.fact.isPlanDecision }) {
            if excluded {
                events.append(OccurrenceStory.Event(date: date, fact: .excluded))
            } else if !found.schedule.occurrences(after: date.addingTimeInterval(-1), before: date.addingTimeInterval(1),
                                                  deviceZone: zone).contains(where: { $0.local == occurrence }) {
                events.append(OccurrenceStory.Event(date: date, fact: .notAnOccurrence))
            }
        }
        events = events.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        events = OccurrenceStory.tellingDeferrals(events, date: date)
        if let reason = Self.notDelivered(events, date: date, now: now, offAtLastRun: offAtLastRun) {
            events.append(OccurrenceStory.Event(date: date, fact: .notDelivered(reason)))
        }
        return OccurrenceStory(entity: entity, rule: rule, occurrence: occurrence, date: date, events: events,
                               verdict: OccurrenceStory.verdict(of: events, date: date, now: now))
    }

    /// The facts recorded for the occurrence (and for the repeating request of its time
    /// of day, up to its instant), with the cuts and pauses worked out from the runs
    /// that recorded nothing for it, the same decision by consecutive runs told once.
    private func tell(_ key: Key, date: Date, time: LocalDateTime, now: Date, storage: Storage) -> [OccurrenceStory.Event] {
        var recorded = storage.facts[key] ?? []
        for slot in [OccurrenceKey.repeating(time.time), .repeating(time.time, weekday: time.date.weekday)] {
            let repeating = Key(entity: key.entity, rule: key.rule, occurrence: slot)
            recorded += (storage.facts[repeating] ?? []).filter { $0.event.date <= date }
        }
        recorded.sort { $0.order < $1.order }
        var teller = Teller(date: date)
        var next = 0
        for run in storage.runs where run.date <= min(date, now) {
            while next < recorded.count, recorded[next].order < run.order {
                teller.add(recorded[next], runs: storage.runs)
                next += 1
            }
            var decided = false
            while next < recorded.count, recorded[next].order == run.order {
                decided = decided || (recorded[next].kind == .reminder && recorded[next].event.fact.isPlanDecision)
                teller.add(recorded[next], runs: storage.runs)
                next += 1
            }
            if !decided { teller.infer(from: run, entity: key.entity) }
        }
        while next < recorded.count {
            teller.add(recorded[next], runs: storage.runs)
            next += 1
        }
        return teller.told()
    }

    /// The instant the last plan that scheduled or skipped the occurrence placed it at
    /// (a group's instant is the group's, not the occurrence's: it is not one).
    private static func plannedDate(of key: Key, in storage: Storage) -> Date? {
        if let decided = storage.decisions[DecisionKey(key: key, kind: .reminder)] { return decided.date }
        if let placed = storage.deferredPlacements[key] { return placed }
        for recorded in (storage.facts[key] ?? []).reversed() where recorded.kind == .reminder {
            if case .planned(let identifier, _, let firesAt) = recorded.event.fact, !identifier.hasPrefix("herald:group:") {
                return firesAt
            }
        }
        return nil
    }

    /// Why a planned occurrence whose time passed was not delivered, or `nil` when it
    /// was delivered, is not due yet, or was not planned when its time came.
    private static func notDelivered(_ events: [OccurrenceStory.Event], date: Date, now: Date,
                                     offAtLastRun: Bool) -> OccurrenceStory.NotDeliveredReason? {
        guard date <= now, !events.contains(where: { ["delivered", "alarm_sounded"].contains($0.fact.kind) }),
              let last = events.last(where: { $0.fact.isPlanDecision && $0.date <= date }),
              ["planned", "planned_alarm"].contains(last.fact.kind) else { return nil }
        return offAtLastRun ? .notificationsOff : .lost
    }

    /// Builds a story from recorded facts and runs: where the occurrence stands after
    /// each, and the events told so far.
    private struct Teller {
        let date: Date
        private(set) var events: [OccurrenceStory.Event] = []
        /// A cut that later runs extended, and the last of them: its fact (that run's
        /// numbers) is written when another event comes or the story is read.
        private var extendedCut: (index: Int, run: RunRecord)?
        /// Whether the last plan decision about the reminder scheduled it (`true`),
        /// left it out for a reason that holds until another decision (`false`), or
        /// left it undecided, to work out from each run (`nil`).
        var planned: Bool?

        init(date: Date) {
            self.date = date
        }

        mutating func add(_ recorded: Recorded, runs: [RunRecord]) {
            var event = recorded.event
            if event.fact.isPlanDecision {
                event.reasons = Self.run(recorded.order, in: runs)?.reasons.map(\.description) ?? []
                if recorded.kind == .reminder {
                    switch event.fact {
                    case .planned, .plannedAlarm: planned = true
                    case .skipped, .displaced: planned = false
                    default: planned = nil
                    }
                }
            }
            append(event)
        }

        /// What a run that recorded nothing for the occurrence meant for it. Most runs
        /// mean nothing for it, or the same as the last: the run's reasons are written
        /// out only for an event told on its own (a story is told for each delivery of a
        /// page, each over every run before it).
        mutating func infer(from run: RunRecord, entity: EntityReference) {
            var fact: OccurrenceStory.Fact
            switch planned {
            case true?:
                guard run.notificationsOff else { return }
                fact = .notificationsOff
            case nil:
                guard date < run.horizonEnd else { return }
                if run.paused.contains(entity) {
                    fact = .paused
                } else if date >= run.coverageHorizon {
                    // Its numbers are written once it is told (`cut(by:)`): most cuts extend the last.
                    fact = .cut(held: run.held, capacity: run.capacity, latest: [])
                } else {
                    return
                }
            case false?:
                return
            }
            if let index = decisionExtended(by: fact) {
                events[index].until = run.date
                if case .cut = fact { extendedCut = (index, run) } else { events[index].fact = fact }
            } else {
                writeExtendedCut()
                if case .cut = fact { fact = Self.cut(by: run) }
                events.append(.init(date: run.date, fact: fact, reasons: run.reasons.map(\.description)))
            }
        }

        /// The events told, a cut extended by later runs written with the last one's numbers.
        mutating func told() -> [OccurrenceStory.Event] {
            writeExtendedCut()
            return events
        }

        private mutating func writeExtendedCut() {
            guard let (index, run) = extendedCut else { return }
            events[index].fact = Self.cut(by: run)
            extendedCut = nil
        }

        /// The cut `run` made: how many slots the reminders held, of how many, and the latest of them.
        private static func cut(by run: RunRecord) -> OccurrenceStory.Fact {
            .cut(held: run.held, capacity: run.capacity, latest: run.latest.map(\.description))
        }

        /// Appends `event`, or extends the last plan decision when it is the same kind
        /// of decision (the latest run's details kept), whatever reconciles came between.
        private mutating func append(_ event: OccurrenceStory.Event) {
            writeExtendedCut()
            if let index = decisionExtended(by: event.fact) {
                events[index].until = event.date
                events[index].fact = event.fact
                return
            }
            events.append(event)
        }

        /// The last plan decision a new `fact` of the same kind extends, if any.
        private func decisionExtended(by fact: OccurrenceStory.Fact) -> Int? {
            guard fact.isPlanDecision || fact == .notificationsOff, !isPlanned(fact),
                  let index = events.lastIndex(where: { $0.fact.isPlanDecision || $0.fact == .notificationsOff }),
                  events[index].fact.kind == fact.kind else { return nil }
            return index
        }

        private func isPlanned(_ fact: OccurrenceStory.Fact) -> Bool {
            switch fact {
            case .planned, .plannedAlarm: true
            default: false
            }
        }

        static func run(_ order: Int, in runs: [RunRecord]) -> RunRecord? {
            var low = 0
            var high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if runs[mid].order < order { low = mid + 1 } else { high = mid }
            }
            return low < runs.count && runs[low].order == order ? runs[low] : nil
        }
    }
}
