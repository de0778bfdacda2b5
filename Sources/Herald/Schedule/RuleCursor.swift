/// Walks a ``RulePattern``'s local occurrences in ascending order, keeping the current
/// period's days so that consecutive calls cost a binary search.
struct RuleCursor: WallCursor {
    let pattern: RulePattern
    private var loaded: Int?
    /// The days the loaded period spans: `loadedDays.lowerBound` is its first.
    private var loadedDays = 0..<0
    private var days: [Int] = []
    /// With set positions: the period's kept walls, ascending.
    private var walls: [Int] = []
    /// Walls at or after this one are not wanted: ``next(atOrAfter:)`` may answer `nil`
    /// instead of one of them, and skips expanding a period that starts there.
    var limit = Int.max

    init(pattern: RulePattern) {
        self.pattern = pattern
    }

    /// The wall second of the first local occurrence at or after `wall`, or `nil`.
    mutating func next(atOrAfter wall: Int) -> Int? {
        if pattern.isSubDaily { return pattern.nextStepped(atOrAfter: wall) }
        if pattern.isPlainDaily { return pattern.nextDaily(atOrAfter: wall) }
        let interval = pattern.rule.interval
        var wall = wall
        let day = wall.floorDivided(by: 86_400)
        // Walking forward, the wall is mostly in the period already loaded (an aligned one).
        var period = if let loaded, loadedDays.contains(day) { loaded } else {
            pattern.alignedPeriod(atOrAfter: pattern.period(ofDay: day))
        }
        for _ in 0..<(pattern.periodsPerCycle + 1) {
            let firstDay = loaded == period ? loadedDays.lowerBound : pattern.firstDay(ofPeriod: period)
            guard wall <= RulePattern.wallLimit, firstDay <= RulePattern.wallLimit / 86_400, firstDay * 86_400 < limit else {
                return nil
            }
            wall = max(wall, firstDay * 86_400)
            load(period, firstDay: firstDay)
            if let found = first(atOrAfter: wall) { return found }
            period += interval
        }
        return nil
    }

    private mutating func load(_ period: Int, firstDay: Int) {
        guard loaded != period else { return }
        loaded = period
        loadedDays = firstDay..<pattern.firstDay(ofPeriod: period + 1)
        // One allocation for a month's days, instead of growing from one.
        if days.capacity == 0 { days.reserveCapacity(32) }
        pattern.days(inPeriod: period, into: &days, throughDay: limit == .max ? .max : (limit - 1).floorDivided(by: 86_400))
        let positions = pattern.rule.setPositions
        guard !positions.isEmpty else { return }
        if walls.capacity == 0 { walls.reserveCapacity(positions.count) }
        walls.removeAll(keepingCapacity: true)
        let times = pattern.times
        let size = days.count * times.count
        for position in positions {
            let index = position > 0 ? position - 1 : size + position
            guard (0..<size).contains(index) else { continue }
            walls.append(days[index / times.count] * 86_400 + times[index % times.count])
        }
        walls.sort()
    }

    private func first(atOrAfter wall: Int) -> Int? {
        if !pattern.rule.setPositions.isEmpty {
            let index = Self.firstIndex(in: walls, atOrAfter: wall)
            return index < walls.count ? walls[index] : nil
        }
        let day = wall.floorDivided(by: 86_400)
        var index = Self.firstIndex(in: days, atOrAfter: day)
        guard index < days.count else { return nil }
        if days[index] == day {
            let times = pattern.times
            let timeIndex = Self.firstIndex(in: times, atOrAfter: wall - day * 86_400)
            if timeIndex < times.count { return day * 86_400 + times[timeIndex] }
            index += 1
            guard index < days.count else { return nil }
        }
        return days[index] * 86_400 + pattern.times[0]
    }

    /// Binary search in an ascending array.
    static func firstIndex(in values: [Int], atOrAfter value: Int) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
