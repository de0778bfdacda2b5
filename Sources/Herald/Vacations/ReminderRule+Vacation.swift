import Foundation

extension ReminderRule {
    /// Local days on which reminders rest, both ends included: on a rule
    /// (``onVacation(_:)``) or for the whole app (``ReminderSource/vacations()``).
    ///
    /// ```swift
    /// let holidays = try ReminderRule.Vacation(from: LocalDate(year: 2026, month: 12, day: 20),
    ///                                          to: LocalDate(year: 2027, month: 1, day: 3))
    /// holidays.contains(LocalDate(year: 2026, month: 12, day: 25))   // true
    /// ```
    public struct Vacation: Hashable, Sendable, Codable, CustomStringConvertible {
        public let from: LocalDate
        public let to: LocalDate

        /// The longest vacation, in days: a longer rest is a pause (``Engine/paused(_:)``).
        public static let maximumDays = 366

        /// - Throws: ``DeclarationError`` (`invalidVacation`) when `to` is before `from`, or
        ///   the vacation is longer than ``maximumDays``.
        public init(from: LocalDate, to: LocalDate) throws(DeclarationError) {
            guard from <= to else {
                throw DeclarationError(code: .invalidVacation, message: "a vacation from \(from) to \(to) ends before it starts; give its first and last days in order")
            }
            guard to.daysSinceEpoch - from.daysSinceEpoch < Self.maximumDays else {
                throw DeclarationError(code: .invalidVacation, message: "a vacation from \(from) to \(to) is longer than \(Self.maximumDays) days; pause the entities instead")
            }
            self.from = from
            self.to = to
        }

        private enum CodingKeys: String, CodingKey { case from, to }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(from: container.decode(LocalDate.self, forKey: .from), to: container.decode(LocalDate.self, forKey: .to))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        }

        /// Whether `day` is one of the vacation's days.
        public func contains(_ day: LocalDate) -> Bool { from <= day && day <= to }

        public var description: String { "\(from) to \(to)" }
    }

    /// This rule resting on the vacations' local days: nothing of it fires then (a
    /// location rule is not armed), what is pending inside goes at the next run, and when a vacation ends the plan resumes
    /// with nothing from it delivered late. The app's vacations for every rule come from
    /// ``ReminderSource/vacations()``.
    ///
    /// ```swift
    /// let rule = try ReminderRule(entity: piano, id: "practice", schedule: try .daily(at: [LocalTime(hour: 17)]))
    ///     .onVacation([try .init(from: LocalDate(year: 2026, month: 12, day: 20), to: LocalDate(year: 2027, month: 1, day: 3))])
    /// ```
    public func onVacation(_ vacations: [Vacation]) -> ReminderRule {
        var rule = self
        rule.adaptations.vacations = vacations
        return rule
    }

    /// The rule's own vacations (``onVacation(_:)``).
    public var vacations: [Vacation] { adaptations.vacations }
}

extension DeclarationError.Code {
    /// A vacation ends before it starts, or lasts longer than a year.
    public static let invalidVacation = DeclarationError.Code(name: "invalidVacation")
}
