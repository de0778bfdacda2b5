import Collections
import Foundation

extension Planner {
    /// The rules a plan covers with repeating triggers.
    struct Compression {
        /// The slots of each compressed rule, by its index in the input.
        var slots: [Int: [RepeatingSlot]] = [:]
        /// The earliest daylight-saving limit of the compressed rules.
        var limit: Date?
        /// Compressed rules whose badge is dropped (``PlannerConfiguration/RepeatingTriggerPolicy/droppingBadges``).
        var droppedBadges: [Int] = []
        /// The earliest instant after now at which a blocked rule may be compressed.
        var switchAt: Date?

        /// How many requests the repeating triggers take.
        var slotCount: Int { slots.values.reduce(0) { $0 + $1.count } }
    }

    /// Chooses the compressible rules to cover with repeating triggers so the guaranteed
    /// coverage is longest, within `room` requests (repeating and one-shot together).
    ///
    /// The compressible rules are ordered: those whose badge need not be dropped first,
    /// then the cheapest (fewest slots), then the latest daylight-saving limit, then by
    /// a stable hash. Every prefix of that order that fits is tried, the one-shot plan
    /// of the other rules made for the room left; the longest coverage wins, then the
    /// fewest dropped badges, then the most rules compressed.
    func chooseCompression(input: PlanningInput, converters: [ZoneConverter], candidates: [PlanCandidate],
                           dueRules: [Int], room: Int, selector: OneShotSelector) -> Compression {
        var eligibility = RepeatingEligibility(input: input, configuration: configuration)
        var options: [(index: Int, slots: [RepeatingSlot], limit: Date?, dropsBadge: Bool, tieBreak: UInt64)] = []
        var result = Compression()
        for index in dueRules where input.rules[index].fixedContent {
            let rule = input.rules[index]
            switch eligibility.verdict(for: rule, converter: converters[index]) {
            case .never:
                continue
            case .after(let instant):
                result.switchAt = min(result.switchAt ?? instant, instant)
            case .now(let slots, let limit):
                if let limit, limit <= input.now { continue }  // guarantees nothing now
                options.append((index, slots, limit, eligibility.dropsBadge(rule), PlanCandidate.stableHash(of: rule.id)))
            }
        }
        guard !options.isEmpty else { return result }
        options.sort {
            ($0.dropsBadge ? 1 : 0, $0.slots.count, -($0.limit?.timeIntervalSince1970 ?? .infinity), $0.tieBreak)
                < ($1.dropsBadge ? 1 : 0, $1.slots.count, -($1.limit?.timeIntervalSince1970 ?? .infinity), $1.tieBreak)
        }

        var best: (coverage: GuaranteedCoverage, dropped: Int, count: Int)?
        var stream = OneShotSelector.DueStream(selector: selector, heap: Heap(candidates))
        var trial = Compression()
        var dropped = 0
        for count in 0...options.count {
            if count > 0 {
                let option = options[count - 1]
                guard trial.slotCount + option.slots.count <= room else { break }
                trial.slots[option.index] = option.slots
                if let limit = option.limit { trial.limit = min(trial.limit ?? limit, limit) }
                if option.dropsBadge { dropped += 1 }
            }
            let horizon = stream.coverageHorizon(budget: room - trial.slotCount) { trial.slots[$0] != nil }
            let coverage = guaranteedCoverage(
                oneShotHorizon: horizon, compressed: trial,
                oneShotRulesDue: dueRules.contains { trial.slots[$0] == nil }, input: input,
                horizonEnd: selector.horizonEnd)
            if let current = best,
               coverage < current.coverage || (coverage == current.coverage && dropped > current.dropped) {
                continue
            }
            best = (coverage, dropped, count)
        }
        for option in options.prefix(best?.count ?? 0) {
            result.slots[option.index] = option.slots
            if let limit = option.limit { result.limit = min(result.limit ?? limit, limit) }
            if option.dropsBadge { result.droppedBadges.append(option.index) }
        }
        return result
    }

    /// Until when a plan's reminders fire with no further re-plan: the one-shot
    /// requests' coverage horizon while any rule still due keeps one-shot requests (or
    /// nothing is compressed), and no later than the compressed rules' daylight-saving
    /// limit; unbounded when every due rule is compressed with no such limit and no
    /// snooze waits beyond the horizon.
    func guaranteedCoverage(oneShotHorizon: Date, compressed: Compression, oneShotRulesDue: Bool,
                            input: PlanningInput, horizonEnd: Date) -> GuaranteedCoverage {
        let snoozeBeyond = input.snoozes.contains { $0.until >= horizonEnd }
        var coverage: GuaranteedCoverage = oneShotRulesDue || compressed.slots.isEmpty || snoozeBeyond
            ? .until(oneShotHorizon) : .unbounded
        if let limit = compressed.limit { coverage = min(coverage, .until(limit)) }
        return coverage
    }
}
