import Foundation

// PLACEHOLDER: replaced by the fast expansion (ZoneConverter-based).
extension Schedule {
    /// The first occurrence strictly after `instant`, computed in the pinned zone or
    /// `deviceZone`.
    public func nextOccurrence(after instant: Date, deviceZone: TimeZone) -> Occurrence? {
        fatalError("not yet")
    }

    /// Every occurrence strictly after `instant` and before `end`, in order.
    public func occurrences(after instant: Date, before end: Date, deviceZone: TimeZone) -> [Occurrence] {
        var result: [Occurrence] = []
        var cursor = instant
        while let next = nextOccurrence(after: cursor, deviceZone: deviceZone), next.date < end {
            result.append(next)
            cursor = next.date
        }
        return result
    }
}
