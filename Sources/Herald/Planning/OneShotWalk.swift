import Collections
import Foundation

extension Planner {
    /// The last plan's walk over the rules' occurrences, kept so that the next plan from
    /// the same rules, zone and paused entities, before anything of them is due, replays
    /// it instead of walking the schedules again: what an event such as a completion
    /// changes (the days done, snoozes, the fired log, what was delivered, posted events)
    /// changes only which of those occurrences are due, never which occurrences the walk
    /// meets or in what order.
    ///
    /// The walk is a pure function of the rules, the paused entities, the instant, the
    /// device zone and the horizon: each rule's first occurrence after now, then the
    /// soonest of all, again and again (``PlanCandidate``'s order). Every rule's first
    /// occurrence is the same from any instant before the walk's first occurrence, and
    /// a recorded walk keeps what lies past its horizon queued, so it holds for a later
    /// instant and horizon too. A replay judges each occurrence met again under the new
    /// input (done that day, snoozed, fired) and takes the due ones within the budget,
    /// then goes on from where the last walk stopped, so its selection, skips, coverage
    /// and cuts are the full walk's. It gives up (the planner walks in full) when the
    /// rules, paused entities or zone differ, when the instant is before the walk's or
    /// not before its first occurrence, when repeating triggers are considered
    /// (compression chooses among rules by walking) or reminders are grouped, and when
    /// the new input would fill the budget before the occurrences already met are used
    /// up (the walk's state at that point is not kept).
    ///
    /// An incremental cache, in the open:
    /// - **What it keeps:** the rules, paused entities, zone and instant the walk started
    ///   from, its pass over the rules (``RuleScan``), every occurrence met with its day,
    ///   and the queue where it stopped. The engine keeps one (`Engine.oneShotWalk`).
    /// - **When it is rebuilt:** every plan given a walk replays it when
    ///   ``matches(_:horizonEnd:)`` holds and the budget is not full early, and records a
    ///   new one otherwise; a plan that considers repeating triggers or groups reminders
    ///   drops it and keeps none. ``Planner/plan(_:)`` never keeps one.
    /// - **What it speeds up:** a completion's plan. Recorded when it came in (`1cd4a05`,
    ///   Benchmarks/LOG.md, 2026-11-25, with badges numbered in place in the same
    ///   commit): completing 1 of 20 habits (`Reconciling`) 697 → 593 µs median (−15 %),
    ///   best 411 → 373 µs (−9 %); a completion on SQLite (`Storing`) 1.81 → 1.48 ms
    ///   (−18 %); a simulated year 32.0 → 27.6 s (−14 %). The seed's method, which
    ///   replays nothing, moved 520 → 312 µs in the same runs, so the walk's own share is
    ///   not isolated; the profile after it put the replayed plan at 63 µs of a 616 µs
    ///   completion run.
    /// - **What proves it changes nothing:** `OneShotWalkPropertyTests`, whose oracle is
    ///   ``Planner/plan(_:)`` (which walks every time): each plan with a kept walk equals
    ///   it in every field, over random whole states planned after an earlier state
    ///   (`aReplayedWalkPlansWhatTheFullPlannerPlans`) and along random sequences of
    ///   events (`everyPlanOfARandomSequenceIsTheFullPlannersPlan`).
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
        /// The instant the walk started from: it holds from then until its first
        /// occurrence (no rule's first occurrence changes in between).
        let now: Date
        let deviceZone: TimeZone
        /// The end of the horizon the walk reached: a later plan's horizon must end no
        /// earlier (the steps past an earlier end would not be met).
        var horizonEnd: Date
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

        /// Whether a plan of `input` up to `horizonEnd` meets the same occurrences: the
        /// same rules, paused entities and zone, an instant from the walk's up to (not
        /// including) its first occurrence, and a horizon that ends no earlier.
        func matches(_ input: PlanningInput, horizonEnd: Date) -> Bool {
            now <= input.now && input.now < firstDate && self.horizonEnd <= horizonEnd
                && deviceZone == input.deviceZone && paused == input.paused && rules == input.rules
        }

        /// The instant of the first occurrence the walk meets (of any rule it walks).
        var firstDate: Date {
            steps.first?.candidate.occurrence.date ?? heap.min?.occurrence.date ?? .distantFuture
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
        if !heap.isEmpty || !walk.steps.isEmpty { selection.chosen.reserveCapacity(budget) }
        for step in walk.steps {
            guard take(step.candidate, day: step.day, into: &selection, budget: budget) else { return nil }
        }
        while let top = heap.min, top.occurrence.date < horizonEnd {
            let topDay = day(of: top)
            guard take(top, day: topDay, into: &selection, budget: budget) else {
                selection.coverageHorizon = top.occurrence.date
                break
            }
            walk.steps.append(Planner.OneShotWalk.Step(candidate: top, day: topDay))
            // Occurrences past the horizon stay queued (the loop stops at them), so the
            // queue holds for a later horizon too.
            if let next = input.rules[top.ruleIndex].schedule.nextOccurrence(
                after: top.occurrence.date, using: converters[top.ruleIndex]) {
                _ = heap.replaceMin(with: PlanCandidate(top, next: next))
            } else {
                heap.removeMin()
            }
        }
        walk.heap = heap
        walk.horizonEnd = horizonEnd
        selection.heap = heap
        return selection
    }
}
