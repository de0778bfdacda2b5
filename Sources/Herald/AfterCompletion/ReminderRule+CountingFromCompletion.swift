import Foundation

extension ReminderRule {
    /// This rule's every-N-days schedule counted from the last completion of its entity
    /// instead of from its anchor ("every 3 days after I last did it"): the next
    /// reminder is N local days after the day of the last completion, at the schedule's
    /// times. Before any completion (or for one before the anchor) the schedule runs from
    /// its anchor as declared; each completion moves every later occurrence.
    ///
    /// ```swift
    /// let watering = try ReminderRule(
    ///     entity: plant, id: "water",
    ///     schedule: try .everyDays(3, from: LocalDate(year: 2026, month: 11, day: 23), at: [LocalTime(hour: 9)])
    /// ).countingFromCompletion()
    /// ```
    ///
    /// Days are local days: a completion on the evening before a daylight-saving change,
    /// or before a flight, still puts the next reminder N calendar days later at the
    /// schedule's wall-clock time.
    ///
    /// - Throws: ``DeclarationError`` (`invalidAfterCompletion`) when the schedule is
    ///   not every N days (``Schedule/everyDays(_:from:at:timeZone:)``; every 1 day is
    ///   daily).
    public func countingFromCompletion() throws(DeclarationError) -> ReminderRule {
        switch schedule.recurrence {
        case .everyNDays, .daily: break   // every 1 day is daily
        default:
            throw DeclarationError(code: .invalidAfterCompletion, message: "rule \(entity)/\(ruleID) counts from completion, but its schedule is not every N days; declare it with Schedule.everyDays(_:from:at:)")
        }
        var rule = self
        rule.adaptations.countsFromCompletion = true
        return rule
    }

    /// Whether the rule's days count from the last completion (``countingFromCompletion()``).
    public var countsFromCompletion: Bool { adaptations.countsFromCompletion }
}

extension DeclarationError.Code {
    /// A rule counted from completion has a schedule that is not every N days.
    public static let invalidAfterCompletion = DeclarationError.Code(name: "invalidAfterCompletion")
}
