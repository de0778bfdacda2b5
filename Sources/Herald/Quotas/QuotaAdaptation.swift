import Foundation

/// A quota's kind of ``ScheduleAdaptation``: a day is left out once the days before it
/// in its period hold the quota's completed days (the day itself is done or not: a
/// completion that meets the quota today ends today's reminders as any completion does).
///
/// ```swift
/// QuotaAdaptation().reason(for: friday18h, of: gym, in: window)   // quota met for the week: 3 of 3
/// ```
struct QuotaAdaptation: ScheduleAdaptation {
    func applies(to rule: ReminderRule) -> Bool { rule.adaptations.quota != nil }

    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
        var day = window.days.lowerBound
        while day <= window.days.upperBound {
            if met(on: day, rule: rule, facts: window.facts) != nil { draft.excludedDates.insert(day) }
            day = day.adding(days: 1)
        }
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        guard let quota = rule.adaptations.quota, let done = met(on: local.date, rule: rule, facts: window.facts) else {
            return nil
        }
        return .quotaMet(done: done, times: quota.times, per: quota.per)
    }

    /// The completed days before `day` in its period, when they meet the quota.
    private func met(on day: LocalDate, rule: ReminderRule, facts: AdaptationFacts) -> Int? {
        guard let quota = rule.adaptations.quota else { return nil }
        let period = quota.period(holding: day, firstWeekday: facts.firstWeekday)
        guard period.lowerBound < day else { return nil }
        let done = facts.completedDays(of: rule.entity, in: period.lowerBound...day.adding(days: -1))
        return done >= quota.times ? done : nil
    }
}
