/// Names one occurrence of a rule inside a notification identifier.
///
/// For planned reminders it is the occurrence's local date-time, so the same
/// occurrence has the same identifier in every plan; other kinds use a token of
/// their own (an event id, a region id).
///
/// ```swift
/// OccurrenceKey(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21), time: LocalTime(hour: 9)))
/// // "20261121T0900"
/// OccurrenceKey.repeating // one request with a repeating trigger stands for every occurrence
/// ```
public struct OccurrenceKey: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key of an occurrence at a local date-time.
    public init(_ local: LocalDateTime) {
        self.rawValue = local.compactDescription
    }

    /// The key of a request whose repeating trigger stands for every occurrence of a
    /// rule at one time of day (and weekday, when it has one).
    public static func repeating(_ local: LocalTime, weekday: Weekday? = nil) -> OccurrenceKey {
        let time = "\(pad(local.hour, 2))\(pad(local.minute, 2))"
        if let weekday { return OccurrenceKey(rawValue: "every-\(weekday.rfc5545Code)-\(time)") }
        return OccurrenceKey(rawValue: "every-\(time)")
    }

    /// The local date-time this key names, when it names one.
    public var localDateTime: LocalDateTime? { LocalDateTime(parsing: rawValue) }

    public static func < (lhs: OccurrenceKey, rhs: OccurrenceKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
