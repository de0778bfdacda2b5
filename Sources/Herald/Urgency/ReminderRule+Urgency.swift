import Foundation

extension ReminderRule {
    /// This rule asking for `urgency`, with a fallback ladder for when the device does
    /// not allow it (see `DeliveryForecast`): the plan says the level each reminder
    /// will be delivered at, and its request carries that interruption level.
    ///
    /// ```swift
    /// let pills = try rule.urgent(.alarm, fallback: [.timeSensitive])   // else active
    /// ```
    ///
    /// - Throws: ``DeclarationError`` (`invalidUrgency`) when the ladder names a level
    ///   twice, or a level after one that is always allowed (passive, active).
    public func urgent(_ urgency: Urgency, fallback: [Urgency] = []) throws(DeclarationError) -> ReminderRule {
        try Urgency.checkLadder(urgency, fallback: fallback, of: "rule \(entity)/\(ruleID)")
        var rule = self
        rule.urgency = urgency
        rule.fallback = fallback
        return rule
    }
}
