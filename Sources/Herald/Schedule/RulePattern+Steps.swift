/// Hourly and minutely rules: steps of ``RulePattern/step`` seconds from
/// ``RulePattern/stepBase``, each firing at its offsets (``RecurrenceRule/minutes`` ×
/// ``RecurrenceRule/seconds``, narrowed by ``RecurrenceRule/setPositions``) on the
/// days, hours and minutes the rule keeps.
///
/// ```swift
/// let pattern = RulePattern(rule)                   // FREQ=HOURLY;INTERVAL=769;BYYEARDAY=1
/// pattern.nextStepped(atOrAfter: start.wallSeconds) // day by day, or step by step when steps are longer
/// ```
extension RulePattern {
    /// The offsets within a step that set positions keep (1 the first, -1 the last),
    /// ascending; all of them without positions. A step's set is all its offsets or
    /// none: every limit of an hourly or minutely rule holds for a whole step.
    static func kept(_ positions: [Int], of offsets: [Int]) -> [Int] {
        let offsets = Array(Set(offsets)).sorted()
        guard !positions.isEmpty else { return offsets }
        let indices = positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : offsets.count + position
            return offsets.indices.contains(index) ? index : nil
        }
        return Set(indices).sorted().map { offsets[$0] }
    }

    /// Whether the steps of an hourly or minutely rule ever land on a kept hour and
    /// minute: the times of day repeat after at most 1,440 steps.
    var stepsMeetTheirFilters: Bool {
        var gcd = (step, 86_400)
        while gcd.1 != 0 { gcd = (gcd.1, gcd.0 % gcd.1) }
        for index in 0..<(86_400 / gcd.0) {
            for offset in stepOffsets {
                let time = ((stepBase + index * step + offset) % 86_400 + 86_400) % 86_400
                if hourMask & (1 << (time / 3600)) != 0, minuteMask & (1 << UInt64(time / 60 % 60)) != 0 { return true }
            }
        }
        return false
    }

    /// The first wall at or after `wall` of an hourly or minutely rule, or `nil` past
    /// ``wallLimit`` or when no day in a 400-year cycle passes the limits. Steps longer
    /// than a day are jumped, not walked day by day.
    func nextStepped(atOrAfter wall: Int) -> Int? {
        guard !stepOffsets.isEmpty else { return nil }
        if keepsEveryStep { return nextStep(atOrAfter: wall) }
        var wall = wall
        // Two 400-year cycles of days without an occurrence: there will be none.
        for _ in 0..<292_194 {
            guard wall <= Self.wallLimit else { return nil }
            let day = wall.floorDivided(by: 86_400)
            let dayEnd = (day + 1) * 86_400
            guard dayPassesLimits(day) else {
                wall = max(dayEnd, firstCandidate(atOrAfter: dayEnd).floorDivided(by: 86_400) * 86_400)
                continue
            }
            var index = (wall - stepBase).floorDivided(by: step)
            var nextDay = dayEnd
            stepping: while true {
                for offset in stepOffsets {
                    let candidate = stepBase + index * step + offset
                    if candidate < wall { continue }
                    if candidate >= dayEnd {
                        nextDay = candidate.floorDivided(by: 86_400) * 86_400
                        break stepping
                    }
                    let time = candidate - day * 86_400
                    let hour = time / 3600
                    if hourMask & (1 << hour) == 0 {
                        // Jump to the next hour the rule keeps.
                        wall = day * 86_400 + (hour + 1) * 3600
                        index = (wall - stepBase).floorDivided(by: step)
                        continue stepping
                    }
                    if minuteMask & (1 << UInt64(time / 60 % 60)) == 0 { continue }
                    return candidate
                }
                index += 1
            }
            wall = nextDay
        }
        return nil
    }

    /// The first step's instant at or after `wall`, whatever the limits.
    private func firstCandidate(atOrAfter wall: Int) -> Int {
        let index = (wall - stepBase).floorDivided(by: step)
        let stepStart = stepBase + index * step
        for offset in stepOffsets where stepStart + offset >= wall { return stepStart + offset }
        return stepStart + step + stepOffsets[0]
    }

    /// How many occurrences an hourly or minutely rule that keeps every step has in
    /// the walls `first..<last` (at most: one more at either end); `nil` for other rules.
    func stepCount(from first: Int, to last: Int) -> Int? {
        guard isSubDaily, keepsEveryStep else { return nil }
        guard last > first else { return 0 }
        return ((last - first) / step + 2) * stepOffsets.count
    }

    /// ``nextStepped(atOrAfter:)`` for a rule that keeps every step: the first step at
    /// or after `wall`, by arithmetic. As the day-by-day walk, `nil` when that step is
    /// on a later day that starts beyond ``wallLimit``.
    private func nextStep(atOrAfter wall: Int) -> Int? {
        guard wall <= Self.wallLimit else { return nil }
        let candidate = firstCandidate(atOrAfter: wall)
        if candidate > Self.wallLimit {
            let dayStart = candidate.floorDivided(by: 86_400) * 86_400
            if dayStart > wall.floorDivided(by: 86_400) * 86_400 && dayStart > Self.wallLimit { return nil }
        }
        return candidate
    }
}
