/// A calendar date on the wall (proleptic Gregorian), with no zone attached.
///
/// Herald does its calendar arithmetic on plain day numbers rather than through
/// `Calendar`, which is both exact and fast. A date may be built from any numbers;
/// ``isValid`` tells whether it exists, and the schedule validation rejects those
/// that do not.
///
/// The arithmetic is exact wherever its numbers fit an `Int` (years within about ±292
/// billion once a time of day is added, see ``LocalDateTime/wallSeconds``) and traps
/// beyond, like `Int` itself. What Herald reads from
/// outside never gets there: schedules, scenario files and the command line take
/// years 1...9999 and bounded day counts (at most 366 days a run, 100,000 days an
/// interval), and refuse the rest with a located error.
///
/// ```swift
/// let date = LocalDate(year: 2026, month: 11, day: 21)
/// date.weekday          // .saturday
/// date.adding(days: 10) // 2026-12-01
/// ```
public struct LocalDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date a number of days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (raw value 5).
        let index = ((daysSinceEpoch % 7) + 7 + 4) % 7  // 0 = Sunday
        return Weekday(rawValue: index + 1)!
    }

    /// The next day, without going through day numbers.
    var dayAfter: LocalDate {
        if day < 28 || day < Self.daysIn(month: month, year: year) { return LocalDate(year: year, month: month, day: day + 1) }
        return month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whether the month and day exist in the Gregorian calendar.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= LocalDate.daysIn(month: month, year: year)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601, `2026-11-21`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Parses `YYYY-MM-DD` or `YYYYMMDD`; `nil` when malformed or not a real date.
    public init?(iso8601 text: some StringProtocol) {
        // Byte by byte: stores read thousands of these.
        var value = 0, digits = 0, index = 0
        for byte in text.utf8 {
            defer { index += 1 }
            if byte == UInt8(ascii: "-") {
                guard index == 4 || index == 7 else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 8 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits == 8, index == 8 || index == 10 else { return nil }
        if index == 10 {
            let bytes = Array(text.utf8)
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        }
        self.init(year: value / 10_000, month: value / 100 % 100, day: value % 100)
        guard isValid else { return nil }
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
