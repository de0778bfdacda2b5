import Foundation

/// Vacations, as a kind of ``ScheduleAdaptation``: the rule's and the app's vacation
/// days that a plan can reach, or that are still to come, are left out.
///
/// ```swift
/// VacationAdaptation().reason(for: christmas9h, of: practice, in: window)   // on vacation until 2027-01-03
/// ```
struct VacationAdaptation: ScheduleAdaptation {
    func applies(to rule: ReminderRule) -> Bool { !rule.adaptations.vacations.isEmpty }

    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
        for vacation in rule.adaptations.vacations + window.facts.vacations where vacation.to >= window.days.lowerBound {
            var day = max(vacation.from, window.days.lowerBound)
            while day <= vacation.to {
                draft.excludedDates.insert(day)
                day = day.adding(days: 1)
            }
        }
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        let holding = (rule.adaptations.vacations + window.facts.vacations).filter { $0.contains(local.date) }
        return holding.map(\.to).max().map { .onVacation(until: $0) }
    }
}
