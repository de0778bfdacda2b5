import Foundation

/// Random times, as a kind of ``ScheduleAdaptation``: on each day the schedule fires
/// within the window of days, the day's draws replace its times.
///
/// ```swift
/// RandomTimesDraw().reason(for: monday10h, of: mood, in: window)   // not one of the day's random times (11:07, 14:52)
/// ```
struct RandomTimesDraw: ScheduleAdaptation {
    func applies(to rule: ReminderRule) -> Bool { rule.adaptations.randomTimes != nil }

    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
        guard let random = rule.adaptations.randomTimes else { return }
        let days = draft.occurrences(in: window.days, converter: window.converter, fallback: rule.schedule).keys.sorted()
        let draws = days.flatMap { day in
            random.draws(on: day, rule: rule.id, seed: window.facts.seed).map { LocalDateTime(date: day, time: $0) }
        }
        // The days come from the schedule as it was: the draws are the whole schedule now.
        draft.recurrence = .once(draws.first ?? LocalDateTime(date: window.days.lowerBound.adding(days: -1),
                                                              time: LocalTime(hour: 0)))
        draft.extraTimes = Set(draws.dropFirst())
        draft.start = nil
        draft.end = nil
        draft.excludedDates = []
        draft.excludedTimes = []
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        guard let random = rule.adaptations.randomTimes else { return nil }
        let drawn = random.draws(on: local.date, rule: rule.id, seed: window.facts.seed)
        return drawn.contains(local.time) ? nil : .notDrawn(drawn: drawn)
    }
}
