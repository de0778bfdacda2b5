extension SmartReminderTiming {
    /// When the user usually completes things, and when to remind them.
    public struct Suggestion: Hashable, Sendable, CustomStringConvertible {
        /// The first hour of the best two-hour window.
        public var windowStartHour: Int
        /// The last hour of the window, `(start + 1) % 24`: a window starting at 22 ends at
        /// 23, one starting at 23 ends at 0 (seed 003's bug was `start + 2`).
        public var windowEndHour: Int { (windowStartHour + 1) % 24 }
        /// The suggested reminder time: before the window, clamped to the allowed range.
        public var reminderTime: LocalTime
        /// The share of completions inside the window, 0 to 100.
        public var coveragePercent: Int
        /// How many completions the suggestion is based on.
        public var sampleCount: Int

        public init(windowStartHour: Int, reminderTime: LocalTime, coveragePercent: Int, sampleCount: Int) {
            self.windowStartHour = windowStartHour
            self.reminderTime = reminderTime
            self.coveragePercent = coveragePercent
            self.sampleCount = sampleCount
        }

        /// The window for display: "22–23".
        public var windowDescription: String { "\(pad(windowStartHour, 2))–\(pad(windowEndHour, 2))" }

        public var description: String { "window \(windowDescription), remind at \(reminderTime) (\(coveragePercent)% of \(sampleCount))" }
    }
}

/// `SmartReminderTiming.Suggestion` by its former name, inside the package.
package typealias SmartTimingSuggestion = SmartReminderTiming.Suggestion
