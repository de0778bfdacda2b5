import Foundation

/// Converts between instants and local date-times in one time zone, fast: the zone's
/// UTC-offset changes from 1970 to 2100 are read once from `TimeZone` and searched in a
/// table, so a conversion costs a binary search instead of a `Calendar` call. Other
/// years (1 to 9999 and beyond) are read a century at a time, the first time a
/// conversion needs them, and kept: a rule in the year 9999 converts as fast as one
/// in 2026.
///
/// A local time that does not exist (spring forward) maps to the instant shown at the
/// same wall-clock time shifted by the gap: Berlin's 2026-03-29 02:30 is the instant
/// shown as 03:30. A local time that occurs twice (fall back) maps to its first
/// occurrence. Both are "the local time minus the offset in force before the change".
///
/// ```swift
/// let berlin = ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
/// let local = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29), time: LocalTime(hour: 2, minute: 30))
/// let (date, exists) = berlin.instant(for: local) // 01:30 UTC (03:30 CEST), exists == false
/// berlin.local(for: date)                          // 2026-03-29T03:30
/// ```
package final class ZoneConverter: Sendable {
    /// The zone this converter works in.
    public let zone: TimeZone
    private let table: OffsetTable
    /// Instants (seconds since 1970) the table covers.
    private let covered: ClosedRange<Int>
    /// The smallest and largest offsets the table holds.
    private let offsetBounds: (min: Int, max: Int)

    /// First instant the table covers: 1970-01-01T00:00Z.
    private static let tableStart = 0
    /// Last instant the table covers: 2100-01-01T00:00Z.
    private static let tableEnd = 4_102_444_800
    /// The tables of the centuries outside `table`, read when first needed.
    private let centuries = CenturyTables()
    /// The instants each table outside `table` covers: a hundred years of 365.25 days.
    private static let centurySpan = 3_155_760_000
    /// Instants beyond ±10¹² seconds (about 31,000 years) are clamped.
    private static let instantLimit = 1_000_000_000_000

    /// Builds a converter (reads the zone's transitions; a few milliseconds for a zone
    /// with daylight saving time). Prefer ``for(_:)``, which caches converters.
    public init(zone: TimeZone) {
        self.zone = zone
        table = OffsetTable(zone: zone, from: Self.tableStart, to: Self.tableEnd)
        covered = Self.tableStart...Self.tableEnd
        offsetBounds = table.offsetBounds
    }

    /// The shared converter for `zone`, built on first use.
    ///
    /// Converters are shared by the zone's identifier, and each holds the fixed zone of
    /// that identifier: a clock that returns `TimeZone.autoupdatingCurrent` gets the
    /// converter of the zone the device is in at that moment, also after it travels.
    public static func `for`(_ zone: TimeZone) -> ZoneConverter {
        let identifier = zone.identifier
        if let cached = cache.converter(for: identifier) { return cached }
        return cache.insert(ZoneConverter(zone: TimeZone(identifier: identifier) ?? zone))
    }

    /// The converter for UTC.
    public static let utc = ZoneConverter.for(TimeZone(identifier: "UTC")!)

    /// The local date-time shown in the zone at `date` (seconds rounded down).
    public func local(for date: Date) -> LocalDateTime {
        let seconds = Self.seconds(date)
        return LocalDateTime(wallSeconds: seconds + offset(atInstant: seconds))
    }

    /// The instant a local date-time stands for, and whether that local time exists
    /// (`false` in a spring-forward gap, where the instant is the shifted one).
    public func instant(for local: LocalDateTime) -> (date: Date, exists: Bool) {
        let (seconds, exists) = instant(forWall: local.wallSeconds)
        return (Date(timeIntervalSince1970: TimeInterval(seconds)), exists)
    }

    // MARK: Wall seconds (seconds since 1970-01-01T00:00 on the wall)

    /// Whole seconds since 1970 of `date`, rounded down and clamped to ±10¹².
    static func seconds(_ date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard !interval.isNaN else { return 0 }
        let limit = Double(instantLimit)
        return Int(min(max(interval, -limit), limit).rounded(.down))
    }

    /// Whole seconds since 1970 of `date`, rounded up and clamped to ±2·10¹² (beyond
    /// every instant a wall converts to): an instant in whole seconds is before `date`
    /// exactly when it is before these seconds.
    static func secondsRoundedUp(_ date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard !interval.isNaN else { return 0 }
        let limit = Double(2 * instantLimit)
        return Int(min(max(interval, -limit), limit).rounded(.up))
    }

    func offset(atInstant seconds: Int) -> Int {
        if covered.contains(seconds) { return table.offset(atInstant: seconds) }
        return centuryTable(holding: seconds).offset(atInstant: seconds)
    }

    func instant(forWall wall: Int) -> (seconds: Int, exists: Bool) {
        if isWellInsideTable(wall) { return table.instant(forWall: wall) }
        return centuryTable(holding: wall).instant(forWall: wall)
    }

    /// The table of the century (counted from the end of `table`) that holds `seconds`,
    /// an instant or a wall second: it reaches three days beyond the century on either
    /// side, so every instant within two days of a wall in the century is in it.
    private func centuryTable(holding seconds: Int) -> OffsetTable {
        let century = (seconds - Self.tableEnd).floorDivided(by: Self.centurySpan)
        return centuries.table(century) {
            let start = Self.tableEnd + century * Self.centurySpan
            let margin = 3 * 86_400
            return OffsetTable(zone: zone, from: start - margin, to: start + Self.centurySpan + margin)
        }
    }

    /// Walls `lower..<upper` that all fire `offset` seconds before their wall time, and
    /// either all exist or all fall in a spring-forward gap: walls converted in
    /// ascending order ask the table once per span instead of once per wall.
    struct WallSpan {
        var lower: Int
        var upper: Int
        var offset: Int
        var exists: Bool

        /// Whether `wall` is in the span.
        @inline(__always)
        func contains(_ wall: Int) -> Bool { wall >= lower && wall < upper }
    }

    /// The span of walls around `wall` that ``instant(forWall:)`` converts alike, within
    /// the table it uses for `wall`: `wall - span.offset` and `span.exists` are what it
    /// returns for every wall of the span.
    func span(containingWall wall: Int) -> WallSpan {
        let margin = 2 * 86_400
        let inside = (covered.lowerBound + margin)..<(covered.upperBound - margin + 1)
        if inside.contains(wall) { return table.span(containingWall: wall, within: inside) }
        let century = (wall - Self.tableEnd).floorDivided(by: Self.centurySpan)
        let start = Self.tableEnd + century * Self.centurySpan
        var lower = start, upper = start + Self.centurySpan
        if wall < inside.lowerBound { upper = min(upper, inside.lowerBound) } else { lower = max(lower, inside.upperBound) }
        return centuryTable(holding: wall).span(containingWall: wall, within: lower..<upper)
    }

    /// One change of the zone's UTC offset: at `instant` (seconds since 1970) the offset
    /// goes from `before` to `after`. Wall times from `instant + min(before, after)` up
    /// to `instant + max(before, after)` do not exist (`after > before`, a gap) or occur
    /// twice (a fold).
    struct OffsetChange: Hashable, Sendable {
        var instant: Int
        var before: Int
        var after: Int

        /// The wall seconds the change skips or repeats.
        var affectedWalls: Range<Int> { (instant + min(before, after))..<(instant + max(before, after)) }

        /// ``affectedWalls`` widened to whole local hours: the wall times whose handling by
        /// a repeating calendar trigger Herald does not count on. Foundation's
        /// `Calendar.nextDate` never matches 03:45 to 03:59 on the night Chatham's summer
        /// time ends at 03:45 (the clocks go back to 02:45), although those wall times
        /// exist once each; a change that starts or ends off the hour can disturb the rest
        /// of its hour, and what the platform does there is not confirmed.
        ///
        /// ```swift
        /// // Pacific/Chatham, 2026-04-05: 03:45 +13:45 becomes 02:45 +12:45.
        /// change.affectedWalls   // 02:45..<03:45
        /// change.hoursTouched    // 02:00..<04:00
        /// ```
        var hoursTouched: Range<Int> {
            let walls = affectedWalls
            let hour = 3_600
            return walls.lowerBound.floorDivided(by: hour) * hour..<(walls.upperBound + hour - 1).floorDivided(by: hour) * hour
        }
    }

    /// The offset changes at or after `seconds`, ascending: up to 2100 from an instant
    /// before it, else up to the end of the century after the one holding `seconds`
    /// (a hundred years at least).
    func offsetChanges(from seconds: Int) -> [OffsetChange] {
        if covered.contains(seconds) { return table.changes(from: seconds) }
        let next = seconds + Self.centurySpan
        return (centuryTable(holding: seconds).changes(from: seconds) + centuryTable(holding: next).changes(from: seconds))
            .reduce(into: []) { changes, change in
                if change.instant > changes.last?.instant ?? .min { changes.append(change) }
            }
    }

    /// Bounds on the offset of any instant whose wall time is within a day of `wall`.
    func offsetBounds(nearWall wall: Int) -> (min: Int, max: Int) {
        isWellInsideTable(wall) ? offsetBounds : centuryTable(holding: wall).offsetBounds
    }

    /// Whether every instant within two days of `wall` lies in the table.
    private func isWellInsideTable(_ wall: Int) -> Bool {
        let margin = 2 * 86_400
        return wall - margin >= covered.lowerBound && wall + margin <= covered.upperBound
    }

    private static let cache = Cache()

    /// The tables of the centuries a converter was asked about, by century.
    ///
    /// `@unchecked Sendable`: `tables` is only read or written while `lock` is held.
    private final class CenturyTables: @unchecked Sendable {
        private let lock = NSLock()
        private var tables: [Int: OffsetTable] = [:]

        func table(_ century: Int, orRead read: () -> OffsetTable) -> OffsetTable {
            if let known = lock.withLock({ tables[century] }) { return known }
            let table = read()
            return lock.withLock {
                if let stored = tables[century] { return stored }
                tables[century] = table
                return table
            }
        }
    }

    /// The process-wide converters, one per zone identifier.
    ///
    /// `@unchecked Sendable`: `converters` is only read or written while `lock` is held.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var converters: [String: ZoneConverter] = [:]

        /// The converter used last: callers mostly ask for the same zone again, which
        /// costs a comparison of identifiers instead of a lookup.
        private var last: ZoneConverter?

        func converter(for identifier: String) -> ZoneConverter? {
            lock.withLock {
                if let last, last.zone.identifier == identifier { return last }
                let found = converters[identifier]
                if found != nil { last = found }
                return found
            }
        }

        /// Stores `converter` unless another thread stored one for its zone first, and
        /// returns the stored one.
        func insert(_ converter: ZoneConverter) -> ZoneConverter {
            lock.withLock {
                if let existing = converters[converter.zone.identifier] { return existing }
                converters[converter.zone.identifier] = converter
                return converter
            }
        }
    }
}

/// A zone's offsets over a range of instants: `offsets[k]` is in force from
/// `transitions[k - 1]` (inclusive) until `transitions[k]`.
private struct OffsetTable: Sendable {
    /// Instants (seconds since 1970) at which the offset changes, ascending.
    private(set) var transitions: [Int] = []
    /// One more than `transitions`; the first is in force before the first transition.
    private(set) var offsets: [Int]
    /// `transitions[k] + offsets[k]`: the wall second right after `offsets[k]`'s stretch.
    private(set) var wallEnds: [Int] = []
    /// The smallest and largest of `offsets`.
    private(set) var offsetBounds = (min: 0, max: 0)

    /// Reads the offset changes in `from...to` from the zone. `TimeZone`'s
    /// `nextDaylightSavingTimeTransition(after:)` reports every change of offset, not
    /// only daylight saving time (Pacific/Apia's skipped 2011-12-30 included); reports
    /// that change nothing are dropped.
    init(zone: TimeZone, from: Int, to: Int) {
        let end = Date(timeIntervalSince1970: TimeInterval(to))
        var cursor = Date(timeIntervalSince1970: TimeInterval(from))
        offsets = [zone.secondsFromGMT(for: cursor)]
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end, next > cursor {
            let offset = zone.secondsFromGMT(for: next)
            if offset != offsets.last {
                let instant = Int(next.timeIntervalSince1970.rounded())
                transitions.append(instant)
                wallEnds.append(instant + offsets[offsets.count - 1])
                offsets.append(offset)
            }
            cursor = next
        }
        offsetBounds = (offsets.min()!, offsets.max()!)
    }

    /// The changes at or after `seconds`, ascending.
    func changes(from seconds: Int) -> [ZoneConverter.OffsetChange] {
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] < seconds { low = middle + 1 } else { high = middle }
        }
        return (low..<transitions.count).map {
            ZoneConverter.OffsetChange(instant: transitions[$0], before: offsets[$0], after: offsets[$0 + 1])
        }
    }

    func offset(atInstant seconds: Int) -> Int {
        guard !transitions.isEmpty else { return offsets[0] }
        // The number of transitions at or before `seconds`.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return offsets[low]
    }

    /// The local time minus the offset in force before any change it falls in or after.
    func instant(forWall wall: Int) -> (seconds: Int, exists: Bool) {
        guard !wallEnds.isEmpty else { return (wall - offsets[0], true) }
        return instant(forWall: wall, inStretch: stretch(ofWall: wall, from: 0))
    }

    /// The first stretch at or after `low` whose wall times end after `wall`.
    private func stretch(ofWall wall: Int, from low: Int) -> Int {
        var low = low, high = wallEnds.count
        while low < high {
            let middle = (low + high) / 2
            if wall < wallEnds[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The walls around `wall`, inside `limits`, converted alike (see
    /// ``ZoneConverter/span(containingWall:)``).
    func span(containingWall wall: Int, within limits: Range<Int>) -> ZoneConverter.WallSpan {
        guard !wallEnds.isEmpty else {
            return ZoneConverter.WallSpan(lower: limits.lowerBound, upper: limits.upperBound, offset: offsets[0], exists: true)
        }
        let low = stretch(ofWall: wall, from: 0)
        // Stretch `low` holds the walls from the previous stretch's end to its own; a
        // gap (the offset grew) opens it.
        var lower = low > 0 ? wallEnds[low - 1] : Int.min
        var upper = low < wallEnds.count ? wallEnds[low] : Int.max
        var offset = offsets[low], exists = true
        if low > 0 {
            let gapEnd = transitions[low - 1] + offsets[low]
            if wall < gapEnd {
                (upper, offset, exists) = (gapEnd, offsets[low - 1], false)
            } else {
                lower = max(lower, gapEnd)
            }
        }
        return ZoneConverter.WallSpan(lower: max(lower, limits.lowerBound), upper: min(upper, limits.upperBound),
                                      offset: offset, exists: exists)
    }

    private func instant(forWall wall: Int, inStretch low: Int) -> (seconds: Int, exists: Bool) {
        if low > 0, wall < transitions[low - 1] + offsets[low] {
            return (wall - offsets[low - 1], false)  // in the gap before stretch `low`
        }
        return (wall - offsets[low], true)
    }
}
