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
    public func occurrences(after instant: Date, before end: Date, using converter: ZoneConverter) -> [Occurrence] {
        var result: [Occurrence] = []
        var cursor = instant
        while let next = nextOccurrence(after: cursor, using: converter), next.date < end {
            result.append(next)
            cursor = next.date
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
