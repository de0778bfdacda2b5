import Foundation

extension ReminderRule {
    /// This rule repeating an occurrence nobody acted on: a follow-up `every` seconds
    /// after it was delivered, then every `every` seconds, `times` at most (see ``Nag``).
    ///
    /// ```swift
    /// let pills = try ReminderRule(entity: pill, id: "evening", schedule: try .daily(at: [LocalTime(hour: 21)]))
    ///     .nagging(every: 600, times: 3)   // 21:10, 21:20, 21:30 until taken
    /// ```
    ///
    /// It replaces the rule's ``followUpAfter``: a single follow-up is a nag of `times` 1.
    ///
    /// - Throws: ``DeclarationError`` (`invalidNag`) when `every` is not a finite
    ///   number of seconds above 0 and at most a day, or `times` is not from 1 to
    ///   ``Nag/maximumTimes``.
    public func nagging(every: TimeInterval, times: Int) throws(DeclarationError) -> ReminderRule {
        var rule = self
        rule.nag = try Nag(every: every, times: times, named: "the nag of rule \(entity)/\(ruleID)")
        return rule
    }
}
