/// Why a schedule or an RRULE text was rejected: the field, what was wrong, and for
/// RRULE text the position (1-based character offset) where the problem starts.
///
/// Match on ``code`` to handle a kind of problem:
///
/// ```swift
/// do {
///     _ = try Schedule.daily(at: [LocalTime(hour: 25)])
/// } catch let error as ScheduleError where error.code == .outOfRange {
///     print(error) // "hour: 25 is out of range 0...23"
/// }
/// ```
public struct ScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field at fault: a typed rule's (`hour`, `interval`, `weekdays`) or an RRULE
    /// part's (`BYHOUR`, `FREQ`).
    public let field: String
    /// What was wrong, in words.
    public let message: String
    /// For RRULE text, the 1-based character position where the faulty part starts.
    public let position: Int?
    public let code: Code

    init(code: Code, field: String, message: String, position: Int? = nil) {
        self.code = code
        self.field = field
        self.message = message
        self.position = position
    }

    public var description: String {
        if let position { return "\(field) at position \(position): \(message)" }
        return "\(field): \(message)"
    }

    /// The same error located at a position in RRULE text.
    func at(position: Int, field: String? = nil) -> ScheduleError {
        ScheduleError(code: code, field: field ?? self.field, message: message, position: position)
    }

    /// The kinds of problem, open to new cases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case outOfRange, empty, invalidDate, malformed, unsupported, missing, duplicate
        }
        let base: Base
        public var description: String { base.rawValue }

        /// A number outside its range (hour 25, interval 0, day of month 32).
        public static let outOfRange = Code(base: .outOfRange)
        /// A list that must not be empty is (no weekdays, no times).
        public static let empty = Code(base: .empty)
        /// A date that does not exist (February 30).
        public static let invalidDate = Code(base: .invalidDate)
        /// Text that cannot be read.
        public static let malformed = Code(base: .malformed)
        /// Valid RFC 5545 that Herald's subset does not cover.
        public static let unsupported = Code(base: .unsupported)
        /// A part that is required is absent.
        public static let missing = Code(base: .missing)
        /// A part given twice.
        public static let duplicate = Code(base: .duplicate)
    }

    static func outOfRange(_ field: String, _ value: Int, _ range: ClosedRange<Int>) -> ScheduleError {
        ScheduleError(code: .outOfRange, field: field, message: "\(value) is out of range \(range.lowerBound)...\(range.upperBound)")
    }

    static func empty(_ field: String, _ what: String) -> ScheduleError {
        ScheduleError(code: .empty, field: field, message: "needs at least one \(what)")
    }

    static func invalidDate(_ field: String, _ date: LocalDate) -> ScheduleError {
        ScheduleError(code: .invalidDate, field: field, message: "\(date) is not a date in the calendar")
    }

    static func malformed(_ field: String, _ message: String) -> ScheduleError {
        ScheduleError(code: .malformed, field: field, message: message)
    }

    static func unsupported(_ field: String, _ message: String) -> ScheduleError {
        ScheduleError(code: .unsupported, field: field, message: message)
    }

    static func missing(_ field: String, _ message: String) -> ScheduleError {
        ScheduleError(code: .missing, field: field, message: message)
    }

    static func duplicate(_ field: String) -> ScheduleError {
        ScheduleError(code: .duplicate, field: field, message: "is given more than once")
    }
}
