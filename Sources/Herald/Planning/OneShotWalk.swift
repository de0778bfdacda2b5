import Collections
import Foundation

extension Planner {
    /// The last plan's walk over the rules' occurrences, kept so that the next plan from
    /// the same rules, instant, zone and paused entities replays it instead of walking
    /// the schedules again: what an event such as a completion changes (the days done,
    /// snoozes, the fired log, what was delivered, posted events) changes only which of
    /// those occurrences are due, never which occurrences the walk meets or in what order.
    ///
    /// The walk is a pure function of the rules, the paused entities, the instant, the
    /// device zone and the horizon: each rule's first occurrence after now, then the
    /// soonest of all, again and again (``PlanCandidate``'s order). A replay judges each
    /// occurrence met again under the new input (done that day, snoozed, fired) and takes
    /// the due ones within the budget, then goes on from where the last walk stopped, so
    /// its selection, skips, coverage and remainder are the full walk's. It gives up (the
    /// planner walks in full) when any of those five differ, when repeating triggers are
    /// considered (compression chooses among rules by walking), and when the new input
    /// would fill the budget before the occurrences already met are used up (the walk's
    /// state at that point is not kept).
    ///
    /// ```swift
    /// var walk: Planner.OneShotWalk?
    /// let before = planner.plan(input, walk: &walk)      // walks, and keeps the walk
    /// input.satisfied.insert(EntityDay(water, today))
    /// let after = planner.plan(input, walk: &walk)       // replays it: equal to planner.plan(input)
    /// ```
    struct OneShotWalk {
        /// An occurrence the walk met, with its device-local day.
        struct Step {
            var candidate: PlanCandidate
            var day: LocalDate
        }

        let rules: [ReminderRule]
        let paused: Set<EntityReference>
        let now: Date
        let deviceZone: TimeZone
        let horizonEnd: Date
        /// The pass over the rules it started from.
        let scan: RuleScan
        /// Every occurrence met, in walk order, up to where it stopped.
        var steps: [Step] = []
        /// The queue where it stopped: the occurrence that found the budget full still on
        /// top, or what is left after the horizon's end.
        var heap = Heap<PlanCandidate>()
        /// Whether ``steps`` and ``heap`` hold a walk (a new one holds none yet).
        var hasWalked = false
        /// How many plans replayed this walk (and the walks it grew from) instead of
        /// walking: tests read it to see the replay taken.
        var replays = 0

        init(input: PlanningInput, horizonEnd: Date, scan: RuleScan) {
            rules = input.rules
            paused = input.paused
            now = input.now
            deviceZone = input.deviceZone
            self.horizonEnd = horizonEnd
            self.scan = scan
        }

        /// Whether a plan of `input` over the same horizon meets the same occurrences.
        func matches(_ input: PlanningInput, horizonEnd: Date) -> Bool {
            now == input.now && self.horizonEnd == horizonEnd && deviceZone == input.deviceZone
                && paused == input.paused && rules == input.rules
        }
    }
}

extension Planner.OneShotSelector {
    /// ``select(_:budget:recordingSkips:)`` that replays `walk` (when given) before
    /// walking on, and leaves in it every occurrence met and the queue where it stopped.
    ///
    /// - Returns: `nil` when the budget is full before the replayed occurrences are
    ///   used up: the caller walks in full.
    func select(replaying walk: inout Planner.OneShotWalk, from candidates: [PlanCandidate]?, budget: Int)
        -> Planner.Selection? {
        var heap = candidates.map { Heap($0) } ?? walk.heap
        var selection = Planner.Selection(coverageHorizon: horizonEnd, heap: Heap())
        selection.chosen.reserveCapacity(budget)
        for step in walk.steps {
            if let skip = skipReason(step.candidate, day: step.day) {
                selection.skipped.append(PlanSkip(rule: input.rules[step.candidate.ruleIndex].id,
                                                  occurrence: step.candidate.occurrence, reason: skip))
            } else if selection.chosen.count == budget {
                return nil
            } else {
                selection.chosen.append((step.candidate, step.day))
            }
        }
        while let top = heap.min, top.occurrence.date < horizonEnd {
            let (day, skip) = skipReason(top)
            if let skip {
                selection.skipped.append(PlanSkip(rule: input.rules[top.ruleIndex].id, occurrence: top.occurrence,
                                                  reason: skip))
            } else if selection.chosen.count == budget {
                selection.coverageHorizon = top.occurrence.date
                break
            } else {
                selection.chosen.append((top, day))
            }
            walk.steps.append(Planner.OneShotWalk.Step(candidate: top, day: day))
            advance(&heap, past: top)
        }
        walk.heap = heap
        selection.heap = heap
        return selection
    }
}
