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
    /// rule at one time of day (and weekday, when it has one): `every-0900`,
    /// `every-MO-1830`, `every-090030` for a time with seconds.
    public static func repeating(_ local: LocalTime, weekday: Weekday? = nil) -> OccurrenceKey {
        var time = "\(pad(local.hour, 2))\(pad(local.minute, 2))"
        if local.second != 0 { time += pad(local.second, 2) }
        if let weekday { return OccurrenceKey(rawValue: "\(repeatingPrefix)\(weekday.rfc5545Code)-\(time)") }
        return OccurrenceKey(rawValue: "\(repeatingPrefix)\(time)")
    }

    private static let repeatingPrefix = "every-"

    /// The time of day (and weekday) a key made by ``repeating(_:weekday:)`` names, or
    /// `nil` for any other key.
    ///
    /// ```swift
    /// OccurrenceKey.repeating(LocalTime(hour: 18, minute: 30), weekday: .monday).repeatingSlot
    /// // (time: 18:30, weekday: .monday)
    /// ```
    public var repeatingSlot: (time: LocalTime, weekday: Weekday?)? {
        guard rawValue.hasPrefix(Self.repeatingPrefix) else { return nil }
        var rest = rawValue.dropFirst(Self.repeatingPrefix.count)
        var weekday: Weekday?
        if let dash = rest.firstIndex(of: "-") {
            guard let day = Weekday(rfc5545Code: rest[..<dash]) else { return nil }
            weekday = day
            rest = rest[rest.index(after: dash)...]
        }
        guard rest.count == 4 || rest.count == 6, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) else {
            return nil
        }
        let digits = rest.compactMap(\.wholeNumberValue)
        let time = LocalTime(hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3],
                             second: digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
        guard time.isValid, OccurrenceKey.repeating(time, weekday: weekday) == self else { return nil }
        return (time, weekday)
    }

    /// The local date-time this key names, when it names one (for a nag's repeat,
    /// ``nagRepeat(_:)``, the occurrence's).
    public var localDateTime: LocalDateTime? {
        if let parts = nagRepeatParts { return LocalDateTime(parsing: parts.occurrence) }
        return LocalDateTime(parsing: rawValue)
    }

    public static func < (lhs: OccurrenceKey, rhs: OccurrenceKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
