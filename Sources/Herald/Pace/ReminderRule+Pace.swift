import Foundation

extension ReminderRule {
    /// A day's target and the time it is due by (``paced(_:)``): "8 glasses by 20:00".
    ///
    /// ```swift
    /// let water = try ReminderRule.Pace(target: 8, by: LocalTime(hour: 20))
    /// ```
    public struct Pace: Hashable, Sendable, Codable {
        public let target: Int
        public let by: LocalTime

        /// - Throws: ``DeclarationError`` (`invalidPace`) when `target` is not positive.
        public init(target: Int, by: LocalTime) throws(DeclarationError) {
            guard target > 0 else {
                throw DeclarationError(code: .invalidPace, message: "a pace of \(target) by \(by) asks for nothing; give a target of 1 or more")
            }
            self.target = target
            self.by = by
        }

        private enum CodingKeys: String, CodingKey { case target, by }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(target: container.decode(Int.self, forKey: .target), by: container.decode(LocalTime.self, forKey: .by))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(target, forKey: .target)
            try container.encode(by, forKey: .by)
        }

        /// What should be done by `time` on a day whose first occurrence is at `first`:
        /// `target` × the share of the window from `first` to ``by`` elapsed at `time`
        /// (0 at `first`, all of `target` from ``by`` on), by wall-clock time.
        ///
        /// ```swift
        /// try ReminderRule.Pace(target: 8, by: LocalTime(hour: 20))
        ///     .expected(at: LocalTime(hour: 14), first: LocalTime(hour: 8))   // 4.0
        /// ```
        public func expected(at time: LocalTime, first: LocalTime) -> Double {
            let window = by.secondsSinceMidnight - first.secondsSinceMidnight
            guard window > 0 else { return Double(target) }
            let elapsed = min(max(time.secondsSinceMidnight - first.secondsSinceMidnight, 0), window)
            return Double(target) * Double(elapsed) / Double(window)
        }
    }

    /// This repeating rule reminding only while the user is behind: an occurrence at
    /// time t is planned only when the day's progress the app reported
    /// (``ReminderSource/progress(of:on:)``) is below ``Pace/expected(at:first:)`` at t.
    /// Each report re-plans (tell the engine with ``Engine/entityChanged(_:)``).
    ///
    /// ```swift
    /// let sips = try ReminderRule(entity: water, id: "sips",
    ///                             schedule: try .everyMinutes(60, from: LocalTime(hour: 8), to: LocalTime(hour: 20)))
    ///     .paced(try .init(target: 8, by: LocalTime(hour: 20)))
    /// ```
    ///
    /// A reminder planned while the user was behind may still fire after they caught up
    /// while the app was not running: the system delivers what is pending, and only a run
    /// can withdraw it. That is the platform's limit.
    public func paced(_ pace: Pace) -> ReminderRule {
        var rule = self
        rule.adaptations.pace = pace
        return rule
    }

    /// The rule's pace (``paced(_:)``), or `nil`.
    public var pace: Pace? { adaptations.pace }
}

extension DeclarationError.Code {
    /// A pace's target is not positive.
    public static let invalidPace = DeclarationError.Code(name: "invalidPace")
}
