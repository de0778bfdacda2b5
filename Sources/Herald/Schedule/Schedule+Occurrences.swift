import Foundation

extension Schedule {
    /// The first occurrence strictly after `instant`, computed in the pinned zone or
    /// `deviceZone`; `nil` when the schedule has ended.
    ///
    /// ```swift
    /// let water = try Schedule.daily(at: [LocalTime(hour: 9), LocalTime(hour: 15)])
    /// let next = water.nextOccurrence(after: now, deviceZone: clock.timeZone)
    /// ```
    public func nextOccurrence(after instant: Date, deviceZone: TimeZone) -> Occurrence? {
        nextOccurrence(after: instant, using: ZoneConverter.for(effectiveTimeZone(device: deviceZone)))
    }

    /// Every occurrence strictly after `instant` and strictly before `end`, ascending by
    /// instant.
    public func occurrences(after instant: Date, before end: Date, deviceZone: TimeZone) -> [Occurrence] {
        occurrences(after: instant, before: end, using: ZoneConverter.for(effectiveTimeZone(device: deviceZone)))
    }

    /// Every occurrence strictly after `instant` and strictly before `end`, ascending by
    /// instant, computed with `converter`, which must be for
    /// ``effectiveTimeZone(device:)``.
    ///
    /// The same occurrences as calling ``nextOccurrence(after:using:)`` from `instant`
    /// until `end`, found in one pass: local times come in ascending order and so do
    /// their instants, except a shifted one (spring forward), which is put in its place
    /// among the last few. The cost grows with the number of occurrences, whatever the
    /// number of times a day.
    package func occurrences(after instant: Date, before end: Date, using converter: ZoneConverter) -> [Occurrence] {
        guard end > instant else { return [] }
        let after = ZoneConverter.seconds(instant)
        // Whole seconds are before `end` when before it rounded up.
        let endSeconds = ZoneConverter.secondsRoundedUp(end)
        var result: [Occurrence] = []
        var lastSeconds = Int.min
        // The walls converted alike around the last one: a new span is looked up only
        // when a wall leaves it (a change of offset, or the table's edge).
        var span = ZoneConverter.WallSpan(lower: 0, upper: 0, offset: 0, exists: true)
        var day = (number: Int.min, date: LocalDate(year: 1970, month: 1, day: 1))
        // Wall times up to `after + bounds.min` fire at or before `after`.
        let earliest = after + converter.offsetBounds(nearWall: after).min + 1
        // A long list grown step by step is copied a dozen times and, past a hundred
        // kilobytes, makes the system hand out fresh pages on every call.
        if let count = expectedCount(fromWall: earliest, toWall: endSeconds + 86_400) {
            result.reserveCapacity(count)
        }
        // Offsets are less than a day: walls a day past the end fire after it.
        forEachCandidate(from: earliest, limit: endSeconds + 86_400) { wall in
            // Every wall time from here on fires at or after `wall - bounds.max`.
            if wall - converter.offsetBounds(nearWall: wall).max >= endSeconds { return false }
            if !span.contains(wall) { span = converter.span(containingWall: wall) }
            let seconds = wall - span.offset
            guard seconds > after, seconds < endSeconds else { return true }
            // Consecutive occurrences mostly share their day, or follow on the next one.
            let dayNumber = wall.floorDivided(by: 86_400)
            if dayNumber != day.number {
                day = (dayNumber, dayNumber == day.number + 1 ? day.date.dayAfter : LocalDate(daysSinceEpoch: dayNumber))
            }
            let occurrence = Occurrence(local: LocalDateTime(date: day.date, time: LocalTime(secondsSinceMidnight: wall - dayNumber * 86_400)),
                                        date: Date(timeIntervalSince1970: TimeInterval(seconds)))
            if seconds > lastSeconds {
                // One allocation for the few occurrences of a sparse rule, not five.
                if result.isEmpty { result.reserveCapacity(16) }
                result.append(occurrence)
                lastSeconds = seconds
            } else {
                Self.place(occurrence, seconds: seconds, exists: span.exists, in: &result, converter: converter)
            }
            return true
        }
        return result
    }

    /// At most how many local occurrences lie in the walls `first..<last`, for a rule
    /// whose steps are evenly spaced (hourly or minutely, keeping every step); `nil`
    /// when that is not known without walking the rule.
    private func expectedCount(fromWall first: Int, toWall last: Int) -> Int? {
        let first = max(first, startWall ?? .min)
        let last = lastWall.map { min(last, $0 + 1) } ?? last
        guard let steps = rulePattern?.stepCount(from: first, to: last) else { return nil }
        return min(steps + extraWalls.count, 1 << 20)
    }

    /// Puts an occurrence whose instant is not after the last one's where it belongs in
    /// `occurrences` (ascending by instant, one per instant). As
    /// ``nextOccurrence(after:using:)`` picks, at an instant already taken the existing
    /// local time wins over a shifted one, else the earlier wall time.
    private static func place(_ occurrence: Occurrence, seconds: Int, exists: Bool, in occurrences: inout [Occurrence],
                              converter: ZoneConverter) {
        func instant(at index: Int) -> Int { Int(occurrences[index].date.timeIntervalSince1970) }
        // The first index whose instant is at or after `seconds`.
        var (low, high) = (0, occurrences.count)
        while low < high {
            let middle = (low + high) / 2
            if instant(at: middle) < seconds { low = middle + 1 } else { high = middle }
        }
        guard low < occurrences.count, instant(at: low) == seconds else {
            occurrences.insert(occurrence, at: low)
            return
        }
        let wall = occurrence.local.wallSeconds, takenWall = occurrences[low].local.wallSeconds
        let takenExists = converter.instant(forWall: takenWall).exists
        if (exists && !takenExists) || (exists == takenExists && wall < takenWall) { occurrences[low] = occurrence }
    }

    /// The first occurrence strictly after `instant`, computed with `converter`, which
    /// must be for ``effectiveTimeZone(device:)``. Planners that expand many schedules
    /// fetch the converter once and skip the cache lookup.
    ///
    /// Each local occurrence fires at the instant ``ZoneConverter/instant(for:)`` gives.
    /// Shifted ones (spring forward) may fire after later local times, so this is the
    /// smallest such instant after `instant`; when a shifted one lands on the instant
    /// of one that exists, that instant is returned once, with the existing local time.
    ///
    /// ```swift
    /// let berlin = ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
    /// let next = schedule.nextOccurrence(after: now, using: berlin)
    /// ```
    package func nextOccurrence(after instant: Date, using converter: ZoneConverter) -> Occurrence? {
        let after = ZoneConverter.seconds(instant)
        var best: (seconds: Int, wall: Int, exists: Bool)?
        // Wall times up to `after + bounds.min` fire at or before `after` (from the last
        // wall a pattern produces at most: an instant clamped there still has a next).
        let earliest = min(after + converter.offsetBounds(nearWall: after).min + 1, RulePattern.wallLimit)
        forEachCandidate(from: earliest) { wall in
            if let best, wall - converter.offsetBounds(nearWall: wall).max > best.seconds { return false }
            let (seconds, exists) = converter.instant(forWall: wall)
            if seconds > after, best.map({ seconds < $0.seconds || (seconds == $0.seconds && exists) }) ?? true {
                best = (seconds, wall, exists)
            }
            return true
        }
        return best.map {
            Occurrence(local: LocalDateTime(wallSeconds: $0.wall), date: Date(timeIntervalSince1970: TimeInterval($0.seconds)))
        }
    }

    /// Calls `body` with each local occurrence's wall second at or after `earliest`, in
    /// ascending order, until it returns `false`: the rule's occurrences from ``start``
    /// to ``end`` and the ``extraTimes``, without the excluded ones.
    /// Walls at or after `limit` (`Int.max`: none) need not be passed to `body`.
    private func forEachCandidate(from earliest: Int, limit: Int = .max, _ body: (Int) -> Bool) {
        // A rule's cursor on its own: no copy of the other patterns' day and time lists.
        if let rulePattern {
            var cursor = rulePattern.cursor()
            cursor.limit = limit
            forEachCandidate(from: earliest, cursor: &cursor, body)
        } else {
            var cursor = pattern.cursor()
            forEachCandidate(from: earliest, cursor: &cursor, body)
        }
    }

    private func forEachCandidate<Cursor: WallCursor>(from earliest: Int, cursor: inout Cursor, _ body: (Int) -> Bool) {
        var exclusions = ExclusionCursor(walls: excludedWalls, days: excludedDays, from: earliest)
        var extra = RuleCursor.firstIndex(in: extraWalls, atOrAfter: earliest)
        var next = cursor.next(atOrAfter: max(earliest, startWall ?? .min))
        if let wall = next, let lastWall, wall > lastWall { next = nil }
        while next != nil || extra < extraWalls.count {
            let wall: Int
            let fromRule: Bool
            if let ruleWall = next, extra == extraWalls.count || ruleWall <= extraWalls[extra] {
                wall = ruleWall
                fromRule = true
                if extra < extraWalls.count, extraWalls[extra] == ruleWall { extra += 1 }
            } else {
                wall = extraWalls[extra]
                fromRule = false
                extra += 1
            }
            if !exclusions.excludes(wall), !body(wall) { return }
            // The rule's next occurrence is sought only once this one is taken: for a
            // sparse rule that saves expanding a period beyond the caller's end.
            if fromRule {
                next = wall < RulePattern.wallLimit ? cursor.next(atOrAfter: wall + 1) : nil
                if let following = next, let lastWall, following > lastWall { next = nil }
            }
        }
    }
}

/// Tells whether walls, asked in ascending order, are excluded: a step along the
/// schedule's sorted excluded walls and days instead of two hash lookups a wall.
private struct ExclusionCursor {
    private let walls: [Int]
    private let days: [Int]
    private var wallIndex: Int
    private var dayIndex: Int

    init(walls: [Int], days: [Int], from earliest: Int) {
        self.walls = walls
        self.days = days
        wallIndex = RuleCursor.firstIndex(in: walls, atOrAfter: earliest)
        dayIndex = RuleCursor.firstIndex(in: days, atOrAfter: earliest.floorDivided(by: 86_400))
    }

    /// Whether `wall` (not before the previous one asked) is excluded.
    mutating func excludes(_ wall: Int) -> Bool {
        if wallIndex < walls.count {
            while wallIndex < walls.count, walls[wallIndex] < wall { wallIndex += 1 }
            if wallIndex < walls.count, walls[wallIndex] == wall { return true }
        }
        guard dayIndex < days.count else { return false }
        let day = wall.floorDivided(by: 86_400)
        while dayIndex < days.count, days[dayIndex] < day { dayIndex += 1 }
        return dayIndex < days.count && days[dayIndex] == day
    }
}
