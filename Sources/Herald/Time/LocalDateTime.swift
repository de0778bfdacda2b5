/// A date and time on the wall clock, with no zone attached: how a reminder's
/// occurrence is named, so that its identity stays stable from one plan to the next.
///
/// ```swift
/// let occurrence = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21),
///                                time: LocalTime(hour: 9))
/// occurrence.compactDescription // "20261121T0900"
/// ```
public struct LocalDateTime: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var date: LocalDate
    public var time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Seconds since 1970-01-01T00:00 on the wall: what the instant would be in UTC.
    public var wallSeconds: Int { date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight }

    /// The wall date-time a number of seconds after 1970-01-01T00:00.
    public init(wallSeconds: Int) {
        let days = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        self.init(
            date: LocalDate(daysSinceEpoch: days),
            time: LocalTime(secondsSinceMidnight: wallSeconds - days * 86_400)
        )
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    /// `2026-11-21T09:00`.
    public var description: String { "\(date)T\(time)" }

    /// `20261121T0900` (or `20261121T090015` with seconds): the form used inside
    /// notification identifiers and in RFC 5545 text without separators.
    public var compactDescription: String {
        let base = "\(pad(date.year, 4))\(pad(date.month, 2))\(pad(date.day, 2))T\(pad(time.hour, 2))\(pad(time.minute, 2))"
        return time.second == 0 ? base : base + pad(time.second, 2)
    }

    /// Parses `20261121T0900`, `20261121T090000`, `2026-11-21T09:00` or `2026-11-21T09:00:00`.
    public init?(parsing text: some StringProtocol) {
        // The compact form is every occurrence key's: read it byte by byte.
        if let compact = Self.compact(text.utf8) {
            self = compact
            return
        }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = LocalDate(iso8601: parts[0]) else { return nil }
        let timeText = parts[1]
        let time: LocalTime?
        if timeText.contains(":" as Character) {
            time = LocalTime(parsing: timeText)
        } else if (timeText.count == 4 || timeText.count == 6), timeText.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let chars = Array(timeText)
            let hour = Int(String(chars[0..<2]))!, minute = Int(String(chars[2..<4]))!
            let second = chars.count == 6 ? Int(String(chars[4..<6]))! : 0
            let candidate = LocalTime(hour: hour, minute: minute, second: second)
            time = candidate.isValid ? candidate : nil
        } else {
            time = nil
        }
        guard let time else { return nil }
        self.init(date: date, time: time)
    }

    /// `20261121T0900` or `20261121T090000`, read from its bytes; `nil` for any other
    /// text (which the general parse reads or refuses).
    private static func compact(_ bytes: some Collection<UInt8>) -> LocalDateTime? {
        guard bytes.count == 13 || bytes.count == 15 else { return nil }
        var fields = [0, 0, 0, 0, 0, 0]   // year, month, day, hour, minute, second
        let widths = [4, 2, 2, 2, 2, 2]
        var field = 0, filled = 0
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 {
                guard byte == UInt8(ascii: "T") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            fields[field] = fields[field] * 10 + Int(byte - UInt8(ascii: "0"))
            filled += 1
            if filled == widths[field] { field += 1; filled = 0 }
        }
        let date = LocalDate(year: fields[0], month: fields[1], day: fields[2])
        let time = LocalTime(hour: fields[3], minute: fields[4], second: fields[5])
        guard date.isValid, time.isValid else { return nil }
        return LocalDateTime(date: date, time: time)
    }
}
