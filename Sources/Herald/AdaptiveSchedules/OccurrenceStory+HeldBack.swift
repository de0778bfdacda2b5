import Foundation

extension OccurrenceStory {
    /// Why a schedule that follows the user left an occurrence of the declared schedule
    /// out of the plan (``Fact/heldBack(_:)``).
    ///
    /// ```swift
    /// if case .heldBack(let reason) = story.events.first?.fact { print(reason) }   // quota met for the week: 3 of 3
    /// ```
    public enum HeldBack: Hashable, Sendable, CustomStringConvertible {
        /// The quota's period already held `done` completed days of `times`.
        case quotaMet(done: Int, times: Int, per: ReminderRule.Quota.Period)
        /// The rule repeats counted from completion: the last was on `lastDone`, so the
        /// next reminder is on `next`.
        case waitingForCompletion(lastDone: LocalDate, next: LocalDate)
        /// Not one of the day's random times, which are `drawn`.
        case notDrawn(drawn: [LocalTime])
        /// The day is in a vacation that ends on `until` (inclusive).
        case onVacation(until: LocalDate)
        /// The user was on pace at `at`: `progress` of `target` reported, when
        /// `expected` (`target` × the share of the day's window elapsed) was due by then.
        case onPace(progress: Int, target: Int, expected: Double, at: LocalTime, by: LocalTime)

        /// The reason's name in JSON: `quota_met`, `waiting_for_completion`, `not_drawn`,
        /// `on_vacation`, `on_pace`.
        public var name: String {
            switch self {
            case .quotaMet: "quota_met"
            case .waitingForCompletion: "waiting_for_completion"
            case .notDrawn: "not_drawn"
            case .onVacation: "on_vacation"
            case .onPace: "on_pace"
            }
        }

        public var description: String {
            switch self {
            case .quotaMet(let done, let times, let per):
                "quota met for the \(per.rawValue): \(done) of \(times)"
            case .waitingForCompletion(let lastDone, let next):
                "waiting for a completion: last done \(lastDone), next reminder \(next)"
            case .notDrawn(let drawn):
                "not one of the day's random times (\(drawn.map(\.description).joined(separator: ", ")))"
            case .onVacation(let until): "on vacation until \(until)"
            case .onPace(let progress, let target, let expected, let at, let by):
                "on pace: \(progress) of \(target) by \(at) (\(Self.tenths(expected)) due then, \(target) by \(by))"
            }
        }

        /// `4.7`, `5`: a count to one decimal, without a trailing `.0`.
        static func tenths(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        }
    }
}
