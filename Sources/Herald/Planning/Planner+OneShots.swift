import Collections
import Foundation

extension Planner {
    /// What one pass over the rules' occurrences chose as one-shot requests.
    struct Selection {
        var chosen: [(candidate: PlanCandidate, day: LocalDate)] = []
        var skipped: [PlanSkip] = []
        /// The first occurrence left out for lack of room, or the horizon's end.
        var coverageHorizon: Date
        /// What was still waiting when the budget was full.
        var heap: Heap<PlanCandidate>
        /// With grouping (``Grouping``): where each of ``chosen`` is delivered, and the
        /// slots they take (one per cluster).
        var clustering = Clustering()
    }

    /// Takes the soonest occurrences as one-shot requests, skipping what is satisfied,
    /// snoozed or already delivered, up to a budget: the planner's one pass, also run
    /// for each choice of rules to compress. A class: plans keep it for their cut list,
    /// and passing it on costs one reference, not a copy of the planning input.
    final class OneShotSelector: Sendable {
        let input: PlanningInput
        let horizonEnd: Date
        let deviceConverter: ZoneConverter
        let converters: [ZoneConverter]
        let snoozed: Set<NotificationIdentifier>
        /// After the clock is set back, occurrences that already fired come round again.
        let alreadyFired: Set<NotificationIdentifier>
        /// How occurrences are deferred and grouped (`nil`: each is its own request at
        /// its own instant).
        let grouping: Grouping?

        init(input: PlanningInput, horizonEnd: Date, deviceConverter: ZoneConverter, converters: [ZoneConverter],
             grouping: Grouping? = nil) {
            self.input = input
            self.grouping = grouping
            self.horizonEnd = horizonEnd
            self.deviceConverter = deviceConverter
            self.converters = converters
            snoozed = Set(input.snoozes.map(\.original))
            alreadyFired = Set(input.fired.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier))
        }

        /// Why the occurrence at the top of the queue is not planned (`nil`: it is due),
        /// and its device-local day.
        func skipReason(_ top: PlanCandidate) -> (day: LocalDate, reason: PlanSkip.Reason?) {
            let topDay = day(of: top)
            return (topDay, skipReason(top, day: topDay))
        }

        /// Why an occurrence on the device-local `day` is not planned (`nil`: it is due).
        func skipReason(_ top: PlanCandidate, day: LocalDate) -> PlanSkip.Reason? {
            let rule = input.rules[top.ruleIndex]
            if input.satisfied.contains(EntityDay(rule.entity, day)) { return .satisfied }
            if !snoozed.isEmpty, snoozed.contains(rule.identifier(for: top.occurrence.local)) { return .snoozed }
            if !alreadyFired.isEmpty, alreadyFired.contains(rule.identifier(for: top.occurrence.local)) {
                return .alreadyFired
            }
            if let grouping, grouping.dropsPastDayEnd(top.occurrence.date, day: day, rule: rule) { return .pastDayEnd }
            return nil
        }

        /// Replaces the top of the queue with its rule's next occurrence in the horizon.
        func advance(_ heap: inout Heap<PlanCandidate>, past top: PlanCandidate) {
            if let next = input.rules[top.ruleIndex].schedule.nextOccurrence(
                after: top.occurrence.date, using: converters[top.ruleIndex]), next.date < horizonEnd {
                _ = heap.replaceMin(with: PlanCandidate(top, next: next))
            } else {
                heap.removeMin()
            }
        }

        /// Takes one occurrence the walk meets into `selection`: records why it is
        /// skipped (when `recordingSkips`), or chooses it while the budget has room.
        ///
        /// - Returns: `false` when it is due and the budget is full: nothing is taken,
        ///   and the walk stops there.
        func take(_ candidate: PlanCandidate, day: LocalDate, into selection: inout Selection, budget: Int,
                  recordingSkips: Bool = true) -> Bool {
            if let skip = skipReason(candidate, day: day) {
                if recordingSkips {
                    selection.skipped.append(PlanSkip(rule: input.rules[candidate.ruleIndex].id,
                                                      occurrence: candidate.occurrence, reason: skip))
                }
                return true
            }
            if let grouping {
                return grouping.take(candidate, day: day, rule: input.rules[candidate.ruleIndex], now: input.now,
                                     into: &selection, budget: budget)
            }
            guard selection.chosen.count < budget else { return false }
            selection.chosen.append((candidate, day))
            return true
        }

        /// The device-local day of an occurrence.
        func day(of candidate: PlanCandidate) -> LocalDate {
            deviceConverter.local(for: candidate.occurrence.date).date
        }

        func select(_ candidates: [PlanCandidate], budget: Int, recordingSkips: Bool) -> Selection {
            var heap = Heap(candidates)
            var selection = Selection(coverageHorizon: horizonEnd, heap: Heap())
            if !heap.isEmpty { selection.chosen.reserveCapacity(budget) }
            while let top = heap.min, top.occurrence.date < horizonEnd {
                guard take(top, day: day(of: top), into: &selection, budget: budget, recordingSkips: recordingSkips) else {
                    selection.coverageHorizon = top.occurrence.date
                    break
                }
                advance(&heap, past: top)
            }
            selection.heap = heap
            return selection
        }

        /// The due occurrences of every candidate in fire order, produced as far as
        /// asked: the chooser reads one stream for every choice of rules to compress.
        struct DueStream {
            let selector: OneShotSelector
            var heap: Heap<PlanCandidate>
            /// The rule index and instant of each due occurrence produced so far.
            var produced: [(ruleIndex: Int, date: Date)] = []

            /// The instant of the first due occurrence, of a rule `isExcluded` does not
            /// exclude, that `budget` one-shot requests leave out; the horizon's end
            /// when they all fit.
            mutating func coverageHorizon(budget: Int, excluding isExcluded: (Int) -> Bool) -> Date {
                var counted = 0
                var position = 0
                while true {
                    if position == produced.count, !produceNext() { return selector.horizonEnd }
                    let entry = produced[position]
                    position += 1
                    if isExcluded(entry.ruleIndex) { continue }
                    if counted == budget { return entry.date }
                    counted += 1
                }
            }

            private mutating func produceNext() -> Bool {
                while let top = heap.min, top.occurrence.date < selector.horizonEnd {
                    let due = selector.skipReason(top).reason == nil
                    selector.advance(&heap, past: top)
                    if due {
                        produced.append((top.ruleIndex, top.occurrence.date))
                        return true
                    }
                }
                return false
            }
        }
    }
}
