extension Schedule {
    /// When a schedule stops, as RFC 5545's `COUNT` and `UNTIL` say.
    public enum End: Hashable, Sendable, Codable {
        /// After this many local occurrences counted from the schedule's start.
        case count(Int)
        /// After this local date-time (inclusive), read in the schedule's zone.
        case until(LocalDateTime)
    }
}
