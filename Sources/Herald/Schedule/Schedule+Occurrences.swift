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
    /// until `end`, found in one pass: each local day's times are converted once and
    /// the instants sorted, so the cost grows with the number of occurrences (times
    /// their logarithm), whatever the number of times a day.
    public func occurrences(after instant: Date, before end: Date, using converter: ZoneConverter) -> [Occurrence] {
        guard end > instant else { return [] }
        let after = ZoneConverter.seconds(instant)
        let endInterval = end.timeIntervalSince1970
        var found: [(seconds: Int, wall: Int, exists: Bool)] = []
        // Wall times up to `after + bounds.min` fire at or before `after`.
        let earliest = after + converter.offsetBounds(nearWall: after).min + 1
        forEachCandidate(from: earliest) { wall in
            // Every wall time from here on fires at or after `wall - bounds.max`.
            if Double(wall - converter.offsetBounds(nearWall: wall).max) >= endInterval { return false }
            let (seconds, exists) = converter.instant(forWall: wall)
            if seconds > after, Double(seconds) < endInterval { found.append((seconds, wall, exists)) }
            return true
        }
        // As nextOccurrence(after:using:) picks: one per instant, the existing local
        // time when a shifted one lands on it, else the earliest wall time.
        found.sort { ($0.seconds, $0.exists ? 0 : 1, $0.wall) < ($1.seconds, $1.exists ? 0 : 1, $1.wall) }
        var result: [Occurrence] = []
        result.reserveCapacity(found.count)
        var previous: Int?
        for candidate in found where candidate.seconds != previous {
            previous = candidate.seconds
            result.append(Occurrence(local: LocalDateTime(wallSeconds: candidate.wall),
                                     date: Date(timeIntervalSince1970: TimeInterval(candidate.seconds))))
        }
        return result
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
    public func nextOccurrence(after instant: Date, using converter: ZoneConverter) -> Occurrence? {
        let after = ZoneConverter.seconds(instant)
        var best: (seconds: Int, wall: Int, exists: Bool)?
        // Wall times up to `after + bounds.min` fire at or before `after`.
        let earliest = after + converter.offsetBounds(nearWall: after).min + 1
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
    private func forEachCandidate(from earliest: Int, _ body: (Int) -> Bool) {
        let checksExclusions = !excludedWalls.isEmpty || !excludedDays.isEmpty
        var extra = RuleCursor.firstIndex(in: extraWalls, atOrAfter: earliest)
        var cursor = pattern.cursor()
        var next = cursor.next(atOrAfter: max(earliest, start?.wallSeconds ?? .min))
        if let wall = next, let lastWall, wall > lastWall { next = nil }
        while next != nil || extra < extraWalls.count {
            let wall: Int
            if let ruleWall = next, extra == extraWalls.count || ruleWall <= extraWalls[extra] {
                wall = ruleWall
                if extra < extraWalls.count, extraWalls[extra] == ruleWall { extra += 1 }
                next = ruleWall < RulePattern.wallLimit ? cursor.next(atOrAfter: ruleWall + 1) : nil
                if let following = next, let lastWall, following > lastWall { next = nil }
            } else {
                wall = extraWalls[extra]
                extra += 1
            }
            if checksExclusions, isExcluded(wall) { continue }
            if !body(wall) { return }
        }
    }

    private func isExcluded(_ wall: Int) -> Bool {
        excludedWalls.contains(wall) || excludedDays.contains(wall.floorDivided(by: 86_400))
    }
}
