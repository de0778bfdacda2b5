import Herald

/// Why ``OccurrenceListing`` could not list a rule's occurrences: an RRULE Herald
/// refuses (with the part and its position in the text as the user typed it), an
/// unknown zone, a bad date, day count or limit.
///
/// ```swift
/// do {
///     _ = try OccurrenceListing(rrule: "FREQ=DAILY;BYHOUR=25", zone: "Europe/Berlin", from: "2026-03-28", days: 3)
/// } catch {
///     print(error)   // invalid RRULE: BYHOUR at position 12: 25 is out of range 0...23
/// }
/// ```
struct OccurrenceListingError: Error, Hashable, Sendable, CustomStringConvertible {
    let code: Code
    let message: String
    /// The schedule's error for ``Code/invalidRule``; its position counts in the text
    /// Herald parsed, which may start with a `DTSTART` line added for `from`.
    let scheduleError: ScheduleError?
    /// The 1-based position of the fault in the RRULE text as given.
    let position: Int?

    init(code: Code, message: String, scheduleError: ScheduleError? = nil, position: Int? = nil) {
        self.code = code
        self.message = message
        self.scheduleError = scheduleError
        self.position = position
    }

    var description: String { message }

    struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case invalidRule, unknownZone, invalidDate, invalidDays, invalidLimit
        }

        let base: Base
        var description: String { base.rawValue }

        /// The RRULE text is not one Herald reads.
        static let invalidRule = Code(base: .invalidRule)
        /// The zone is not a known IANA id.
        static let unknownZone = Code(base: .unknownZone)
        /// The start date is not a date.
        static let invalidDate = Code(base: .invalidDate)
        /// The number of days is not 1...``OccurrenceListing/maximumDays``.
        static let invalidDays = Code(base: .invalidDays)
        /// The limit is not 1...``OccurrenceListing/maximumLimit``.
        static let invalidLimit = Code(base: .invalidLimit)
    }
}
