import Foundation

/// Reminders only when behind, as a kind of ``ScheduleAdaptation``: on each day, an
/// occurrence is left out when the progress reported for the day (none counts as 0) is
/// not below what the pace expects by then. The rewritten schedule ends with the window
/// of days, so it is never handed to repeating triggers, which could not follow it.
///
/// ```swift
/// PaceAdaptation().reason(for: today14h, of: sips, in: window)   // on pace: 5 of 8 by 14:00 (4 due then, ...)
/// ```
struct PaceAdaptation: ScheduleAdaptation {
    func applies(to rule: ReminderRule) -> Bool { rule.adaptations.pace != nil }

    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
        guard let pace = rule.adaptations.pace else { return }
        let byDay = draft.occurrences(in: window.days, converter: window.converter, fallback: rule.schedule)
        for (day, occurrences) in byDay {
            guard let first = occurrences.first?.time else { continue }
            let progress = window.facts.progress[EntityDay(rule.entity, day)] ?? 0
            for local in occurrences where Double(progress) >= pace.expected(at: local.time, first: first) {
                draft.excludedTimes.insert(local)
            }
        }
        if draft.end == nil {
            draft.end = .until(LocalDateTime(date: window.days.upperBound, time: LocalTime(hour: 23, minute: 59, second: 59)))
        }
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        guard let pace = rule.adaptations.pace else { return nil }
        var draft = ScheduleDraft(rule.schedule)
        for kind in AdaptiveSchedules.kinds where !(kind is PaceAdaptation) && kind.applies(to: rule) {
            kind.adapt(&draft, of: rule, in: window)
        }
        guard let first = draft.occurrences(in: local.date...local.date, converter: window.converter,
                                            fallback: rule.schedule)[local.date]?.first?.time else { return nil }
        let progress = window.facts.progress[EntityDay(rule.entity, local.date)] ?? 0
        let expected = pace.expected(at: local.time, first: first)
        guard Double(progress) >= expected else { return nil }
        return .onPace(progress: progress, target: pace.target, expected: expected, at: local.time, by: pace.by)
    }
}
