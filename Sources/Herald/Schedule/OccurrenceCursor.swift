/// Walks a schedule's local occurrences (wall seconds since 1970-01-01T00:00 on the
/// wall) in ascending order, whatever the kind of recurrence.
///
/// ```swift
/// var cursor = schedule.pattern.cursor()
/// let first = cursor.next(atOrAfter: start.wallSeconds)
/// let second = first.flatMap { cursor.next(atOrAfter: $0 + 1) }
/// ```
struct OccurrenceCursor: WallCursor {
    private let pattern: OccurrencePattern
    private var rule: RuleCursor?

    init(pattern: OccurrencePattern) {
        self.pattern = pattern
        rule = pattern.rule?.cursor()
    }

    /// The first local occurrence at or after `wall`, or `nil` when there is none up to
    /// ``RulePattern/wallLimit``.
    mutating func next(atOrAfter wall: Int) -> Int? {
        if rule != nil { return rule!.next(atOrAfter: wall) }
        var wall = wall
        while wall <= RulePattern.wallLimit {
            let day = wall.floorDivided(by: 86_400)
            guard let current = pattern.firstDay(onOrAfter: day) else { return nil }
            let dayStart = current * 86_400
            if let time = pattern.time(at: pattern.firstTimeIndex(atOrAfter: wall - dayStart)) { return dayStart + time }
            wall = dayStart + 86_400
        }
        return nil
    }
}

/// What walks local occurrences: ``OccurrenceCursor`` for any pattern, ``RuleCursor``
/// for a rule's.
protocol WallCursor {
    /// The first local occurrence at or after `wall`, or `nil`.
    mutating func next(atOrAfter wall: Int) -> Int?
}
