/// A time of day on the wall clock, with no date or zone attached.
///
/// ```swift
/// let morning = LocalTime(hour: 8, minute: 30)
/// morning.description // "08:30"
/// ```
public struct LocalTime: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int = 0, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time a number of seconds after midnight.
    public init(secondsSinceMidnight seconds: Int) {
        self.init(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
    }

    /// Seconds since midnight.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    /// Whether the time exists on a clock: 00:00:00 to 23:59:59.
    public var isValid: Bool {
        (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    public static let midnight = LocalTime(hour: 0)

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    /// `HH:mm`, or `HH:mm:ss` when seconds are set.
    public var description: String {
        second == 0 ? "\(pad(hour, 2)):\(pad(minute, 2))" : "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// Parses `HH:mm` or `HH:mm:ss`; `nil` when malformed or out of range.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              let second = parts.count == 3 ? Int(parts[2]) : 0
        else { return nil }
        self.init(hour: hour, minute: minute, second: second)
        guard isValid else { return nil }
    }
}
