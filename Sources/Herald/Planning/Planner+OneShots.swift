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
    }

    /// Takes the soonest occurrences as one-shot requests, skipping what is satisfied,
    /// snoozed or already delivered, up to a budget: the planner's one pass, also run
    /// for each choice of rules to compress.
    struct OneShotSelector {
        let input: PlanningInput
        let horizonEnd: Date
        let deviceConverter: ZoneConverter
        let converters: [ZoneConverter]
        let snoozed: Set<NotificationIdentifier>
        /// After the clock is set back, occurrences that already fired come round again.
        let alreadyFired: Set<NotificationIdentifier>

        init(input: PlanningInput, horizonEnd: Date, deviceConverter: ZoneConverter, converters: [ZoneConverter]) {
            self.input = input
            self.horizonEnd = horizonEnd
            self.deviceConverter = deviceConverter
            self.converters = converters
            snoozed = Set(input.snoozes.map(\.original))
            alreadyFired = Set(input.fired.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier))
        }

        func select(_ candidates: [PlanCandidate], budget: Int, recordingSkips: Bool) -> Selection {
            var heap = Heap(candidates)
            var selection = Selection(coverageHorizon: horizonEnd, heap: Heap())
            selection.chosen.reserveCapacity(budget)
            while let top = heap.min, top.occurrence.date < horizonEnd {
                let rule = input.rules[top.ruleIndex]
                let day = deviceConverter.local(for: top.occurrence.date).date
                var skip: PlanSkip.Reason?
                if input.satisfied.contains(EntityDay(rule.entity, day)) {
                    skip = .satisfied
                } else if !snoozed.isEmpty, snoozed.contains(rule.identifier(for: top.occurrence.local)) {
                    skip = .snoozed
                } else if !alreadyFired.isEmpty, alreadyFired.contains(rule.identifier(for: top.occurrence.local)) {
                    skip = .alreadyFired
                } else if selection.chosen.count == budget {
                    selection.coverageHorizon = top.occurrence.date
                    break
                } else {
                    selection.chosen.append((top, day))
                }
                if let skip, recordingSkips {
                    selection.skipped.append(PlanSkip(rule: rule.id, occurrence: top.occurrence, reason: skip))
                }
                if let next = rule.schedule.nextOccurrence(after: top.occurrence.date, using: converters[top.ruleIndex]),
                   next.date < horizonEnd {
                    _ = heap.replaceMin(with: PlanCandidate(top, next: next))
                } else {
                    heap.removeMin()
                }
            }
            selection.heap = heap
            return selection
        }
    }
}
