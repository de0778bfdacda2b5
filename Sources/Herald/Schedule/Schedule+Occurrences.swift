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
        // A local time before the local day of `after` can at most shift onto that day.
        var firstDay = (after + converter.offset(atInstant: after)).floorDivided(by: 86_400) - 1
        if let start { firstDay = max(firstDay, start.date.daysSinceEpoch) }
        var found: [(seconds: Int, wall: Int, exists: Bool)] = []
        var day = pattern.firstDay(onOrAfter: firstDay)
        while let current = day {
            let dayStart = current * 86_400
            if let lastWall, dayStart > lastWall { break }
            let bounds = converter.offsetBounds(nearWall: dayStart)
            // Every wall time from this day on fires at or after `dayStart - bounds.max`.
            if Double(dayStart - bounds.max) >= endInterval { break }
            var earliest = after + bounds.min + 1
            if let start { earliest = max(earliest, start.wallSeconds) }
            var index = pattern.firstTimeIndex(atOrAfter: earliest - dayStart)
            while let time = pattern.time(at: index) {
                let wall = dayStart + time
                if let lastWall, wall > lastWall { break }
                let (seconds, exists) = converter.instant(forWall: wall)
                if seconds > after, Double(seconds) < endInterval { found.append((seconds, wall, exists)) }
                index += 1
            }
            day = pattern.firstDay(onOrAfter: current + 1)
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
        // A local time before the local day of `after` can at most shift onto that day.
        var firstDay = (after + converter.offset(atInstant: after)).floorDivided(by: 86_400) - 1
        if let start { firstDay = max(firstDay, start.date.daysSinceEpoch) }
        var best: (seconds: Int, wall: Int, exists: Bool)?
        var day = pattern.firstDay(onOrAfter: firstDay)
        while let current = day {
            let dayStart = current * 86_400
            if let lastWall, dayStart > lastWall { break }
            let bounds = converter.offsetBounds(nearWall: dayStart)
            if let best, dayStart - bounds.max > best.seconds { break }
            // Wall times up to `after + bounds.min` fire at or before `after`.
            var earliest = after + bounds.min + 1
            if let start { earliest = max(earliest, start.wallSeconds) }
            var index = pattern.firstTimeIndex(atOrAfter: earliest - dayStart)
            while let time = pattern.time(at: index) {
                let wall = dayStart + time
                if let lastWall, wall > lastWall { break }
                if let best, wall - bounds.max > best.seconds { break }
                let (seconds, exists) = converter.instant(forWall: wall)
                if seconds > after, best.map({ seconds < $0.seconds || (seconds == $0.seconds && exists) }) ?? true {
                    best = (seconds, wall, exists)
                }
                index += 1
            }
            day = pattern.firstDay(onOrAfter: current + 1)
        }
        return best.map {
            Occurrence(local: LocalDateTime(wallSeconds: $0.wall), date: Date(timeIntervalSince1970: TimeInterval($0.seconds)))
        }
    }
}
