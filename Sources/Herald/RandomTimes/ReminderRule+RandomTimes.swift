import Foundation

extension ReminderRule {
    /// Times drawn at random in a daily window (``atRandomTimes(_:)``): mindfulness
    /// prompts, experience sampling.
    ///
    /// ```swift
    /// let twice = try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 16), times: 2,
    ///                                          minimumGap: 3600)
    /// ```
    public struct RandomTimes: Hashable, Sendable, Codable {
        /// The window's first and last possible times (both included), in whole minutes.
        public let from: LocalTime
        public let to: LocalTime
        /// How many times are drawn each day.
        public let times: Int
        /// The least time between two draws of a day, in seconds (whole minutes); draws
        /// are at least a minute apart whatever it says, so a day's times are distinct.
        public let minimumGap: TimeInterval

        /// The most times a day's window may hold.
        public static let maximumTimes = 48

        /// - Throws: ``DeclarationError`` (`invalidRandomTimes`) when the window does not
        ///   end after it starts, a bound or the gap is not in whole minutes, `times` is
        ///   not from 1 to ``maximumTimes``, or the draws cannot fit the window that far
        ///   apart.
        public init(from: LocalTime, to: LocalTime, times: Int, minimumGap: TimeInterval = 0) throws(DeclarationError) {
            func refuse(_ why: String) -> DeclarationError {
                DeclarationError(code: .invalidRandomTimes, message: "random times from \(from) to \(to), \(times) a day at least \(minimumGap) s apart: \(why)")
            }
            guard from.second == 0, to.second == 0 else { throw refuse("give the window in whole minutes") }
            guard from < to else { throw refuse("the window must end after it starts, within one day") }
            guard (1...Self.maximumTimes).contains(times) else { throw refuse("give 1 to \(Self.maximumTimes) times a day") }
            guard minimumGap.isFinite, minimumGap >= 0, minimumGap.truncatingRemainder(dividingBy: 60) == 0 else {
                throw refuse("give the gap as whole minutes, zero or more")
            }
            let span = (to.secondsSinceMidnight - from.secondsSinceMidnight) / 60
            guard Double(times - 1) * max(minimumGap / 60, 1) <= Double(span) else {
                throw refuse("\(times) times that far apart do not fit the window's \(span) minutes; widen it, or draw fewer")
            }
            self.from = from
            self.to = to
            self.times = times
            self.minimumGap = minimumGap
        }

        private enum CodingKeys: String, CodingKey { case from, to, times, minimumGap }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(from: container.decode(LocalTime.self, forKey: .from), to: container.decode(LocalTime.self, forKey: .to),
                          times: container.decode(Int.self, forKey: .times),
                          minimumGap: container.decodeIfPresent(TimeInterval.self, forKey: .minimumGap) ?? 0)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(times, forKey: .times)
            try container.encode(minimumGap, forKey: .minimumGap)
        }

        /// The day's times for the rule `rule` of an app whose install seed is `seed`:
        /// the same whenever and wherever they are drawn (a re-plan, a relaunch, another
        /// device with the same seed), ascending, whole minutes, at least ``minimumGap``
        /// (and a minute) apart, every such set of times as likely as any other.
        ///
        /// Sets of `times` minutes in a window of `span` minutes, consecutive ones at
        /// least `gap` apart, match one to one the sets of `times` distinct numbers from
        /// 0 to `span - (times - 1) * (gap - 1)` (the i-th time less i × (gap - 1)): one
        /// such set is drawn uniformly (Floyd's algorithm) and mapped back.
        ///
        /// ```swift
        /// twice.draws(on: LocalDate(year: 2026, month: 11, day: 23), rule: mood.id, seed: 42)   // [11:07, 14:52]
        /// ```
        public func draws(on day: LocalDate, rule: ReminderRule.ID, seed: UInt64) -> [LocalTime] {
            var generator = DrawGenerator(seed: seed, rule: rule, day: day)
            let gap = max(Int(minimumGap) / 60, 1)
            let span = (to.secondsSinceMidnight - from.secondsSinceMidnight) / 60
            let values = span - (times - 1) * (gap - 1) + 1
            var chosen: Set<Int> = []
            for limit in (values - times)..<values {
                let value = generator.next(upTo: limit)
                chosen.insert(chosen.contains(value) ? limit : value)
            }
            return chosen.sorted().enumerated().map { index, value in
                LocalTime(secondsSinceMidnight: from.secondsSinceMidnight + (value + index * (gap - 1)) * 60)
            }
        }
    }

    /// This rule firing at random times in a daily window, on the days its schedule
    /// fires (the schedule's own times are not used): each day's times are drawn from
    /// the app's install seed (``PlannerConfiguration/randomSeed``), the rule and the day,
    /// so a re-plan, a relaunch or another device with the same seed draws the same
    /// times, and each time keeps a stable identifier.
    ///
    /// ```swift
    /// let mood = try ReminderRule(entity: journal, id: "sample", schedule: try .daily(at: [LocalTime(hour: 10)]))
    ///     .atRandomTimes(try .init(from: LocalTime(hour: 10), to: LocalTime(hour: 16), times: 2, minimumGap: 3600))
    /// ```
    ///
    /// Quiet hours and daylight-saving gaps apply to a drawn time as to any time.
    public func atRandomTimes(_ window: RandomTimes) -> ReminderRule {
        var rule = self
        rule.adaptations.randomTimes = window
        return rule
    }

    /// The rule's random window (``atRandomTimes(_:)``), or `nil`.
    public var randomTimes: RandomTimes? { adaptations.randomTimes }
}

extension DeclarationError.Code {
    /// A random window is empty, not in whole minutes, or too small for its draws.
    public static let invalidRandomTimes = DeclarationError.Code(name: "invalidRandomTimes")
}
