import Foundation

extension ReminderRule {
    /// How many completed days a period asks for (``limited(to:)``): "three times a week".
    ///
    /// ```swift
    /// let threeAWeek = try ReminderRule.Quota(times: 3, per: .week)
    /// ```
    public struct Quota: Hashable, Sendable, Codable {
        /// The span the completed days are counted in: a local day, a week starting on
        /// ``PlannerConfiguration/firstWeekday``, or a calendar month.
        public enum Period: String, Hashable, Sendable, Codable, CaseIterable {
            case day, week, month

            /// The most days a period holds: a quota asks for no more.
            public var maximumTimes: Int {
                switch self {
                case .day: 1
                case .week: 7
                case .month: 31
                }
            }
        }

        public let times: Int
        public let per: Period

        /// - Throws: ``DeclarationError`` (`invalidQuota`) when `times` is not from 1 to
        ///   the days the period holds (a day holds one completed day).
        public init(times: Int, per: Period) throws(DeclarationError) {
            guard (1...per.maximumTimes).contains(times) else {
                throw DeclarationError(code: .invalidQuota, message: "a quota of \(times) per \(per.rawValue) cannot be met: Herald counts completed days, and a \(per.rawValue) holds 1 to \(per.maximumTimes); give times from 1 to \(per.maximumTimes)")
            }
            self.times = times
            self.per = per
        }

        private enum CodingKeys: String, CodingKey { case times, per }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(times: container.decode(Int.self, forKey: .times), per: container.decode(Period.self, forKey: .per))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(times, forKey: .times)
            try container.encode(per, forKey: .per)
        }

        /// The local days of the period holding `day`, a week starting on `firstWeekday`.
        ///
        /// ```swift
        /// try ReminderRule.Quota(times: 3, per: .week).period(holding: thursday, firstWeekday: .monday)   // monday...sunday
        /// ```
        public func period(holding day: LocalDate, firstWeekday: Weekday) -> ClosedRange<LocalDate> {
            switch per {
            case .day:
                return day...day
            case .week:
                let start = day.adding(days: -((day.weekday.rawValue - firstWeekday.rawValue + 7) % 7))
                return start...start.adding(days: 6)
            case .month:
                let first = LocalDate(year: day.year, month: day.month, day: 1)
                let next = day.month == 12 ? LocalDate(year: day.year + 1, month: 1, day: 1)
                    : LocalDate(year: day.year, month: day.month + 1, day: 1)
                return first...next.adding(days: -1)
            }
        }
    }

    /// This rule stopping for the rest of a period once the period holds `quota.times`
    /// completed days of its entity ("three times a week"); the next period starts fresh.
    ///
    /// ```swift
    /// let gym = try ReminderRule(entity: workout, id: "evening", schedule: try .daily(at: [LocalTime(hour: 18)]))
    ///     .limited(to: try .init(times: 3, per: .week))
    /// ```
    ///
    /// Days count by the local day each completion is for, from Herald's store, so a
    /// completion learnt late (a background launch, another device) re-plans the period.
    public func limited(to quota: Quota) -> ReminderRule {
        var rule = self
        rule.adaptations.quota = quota
        return rule
    }

    /// The rule's quota (``limited(to:)``), or `nil`.
    public var quota: Quota? { adaptations.quota }
}

extension DeclarationError.Code {
    /// A quota asks for more completed days than its period holds, or fewer than one.
    public static let invalidQuota = DeclarationError.Code(name: "invalidQuota")
}
