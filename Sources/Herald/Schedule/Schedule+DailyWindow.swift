extension Schedule {
    /// The part of each day an interval rule fires in: from ``start`` (inclusive) to
    /// ``end`` (exclusive). An end of 24:00 runs to midnight.
    ///
    /// ```swift
    /// let workingHours = DailyWindow(start: LocalTime(hour: 9), end: LocalTime(hour: 17))
    /// ```
    public struct DailyWindow: Hashable, Sendable, Codable {
        public var start: LocalTime
        public var end: LocalTime

        public init(start: LocalTime, end: LocalTime) {
            self.start = start
            self.end = end
        }

        /// The whole day.
        public static let allDay = DailyWindow(start: .midnight, end: LocalTime(hour: 24))
    }
}
