import Foundation

extension SmartReminderTiming {
    /// The knobs of ``SmartReminderTiming``.
    public struct Configuration: Hashable, Sendable {
        /// How many days of history the histogram looks at.
        public var historyDays: Int
        /// The earliest reminder time suggested.
        public var earliest: LocalTime
        /// The latest reminder time suggested.
        public var latest: LocalTime
        /// How long before the window the reminder comes.
        public var leadMinutes: Int
        /// A suggestion older than this is recomputed.
        public var recomputeAfter: TimeInterval

        public init(historyDays: Int = 30, earliest: LocalTime = LocalTime(hour: 6), latest: LocalTime = LocalTime(hour: 22),
                    leadMinutes: Int = 30, recomputeAfter: TimeInterval = 2 * 86_400) {
            self.historyDays = historyDays
            self.earliest = earliest
            self.latest = latest
            self.leadMinutes = leadMinutes
            self.recomputeAfter = recomputeAfter
        }
    }
}

/// `SmartReminderTiming.Configuration` by its former name, inside the package.
package typealias SmartTimingConfiguration = SmartReminderTiming.Configuration
