/// A day of the week, numbered as `Calendar` and `UNCalendarNotificationTrigger` do:
/// 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The two-letter code RFC 5545 uses in `BYDAY` (`MO`, `TU`, ...).
    public var rfc5545Code: String {
        switch self {
        case .sunday: "SU"
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        }
    }

    /// The weekday for an RFC 5545 two-letter code, or `nil`.
    public init?(rfc5545Code code: some StringProtocol) {
        guard let day = Weekday.allCases.first(where: { $0.rfc5545Code == code.uppercased() }) else { return nil }
        self = day
    }

    /// Monday to Friday.
    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Every day of the week.
    public static let everyDay: Set<Weekday> = Set(allCases)
}
