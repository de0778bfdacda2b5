import Foundation

extension ReminderRule {
    /// Whether the quiet hours defer this rule's reminders: unless it
    /// ``ignoresQuietHours`` or asks for a time-sensitive, critical or alarm level.
    public var observesQuietHours: Bool {
        guard !ignoresQuietHours else { return false }
        switch urgency {
        case .timeSensitive, .critical, .alarm: return false
        case .passive, .active, nil: return true
        }
    }

    /// This rule firing at its time inside the quiet hours, instead of at their end.
    ///
    /// ```swift
    /// let alarmClock = try ReminderRule(entity: wake, id: "early", schedule: early).ignoringQuietHours()
    /// ```
    public func ignoringQuietHours() -> ReminderRule {
        var rule = self
        rule.ignoresQuietHours = true
        return rule
    }

    /// This rule's reminders deferred by the quiet hours even past the end of their
    /// device-local day (Monday 23:00 shown Tuesday 07:00, and counted in Tuesday's
    /// badge), instead of dropped.
    ///
    /// ```swift
    /// let lateWater = try ReminderRule(entity: water, id: "late", schedule: late).deferringPastMidnight()
    /// ```
    public func deferringPastMidnight() -> ReminderRule {
        var rule = self
        rule.defersPastMidnight = true
        return rule
    }
}
