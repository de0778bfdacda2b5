import Foundation

/// Repeats counted from completion, as a kind of ``ScheduleAdaptation``: the every-N-days
/// schedule takes the day of the entity's last completion (up to today) as its anchor,
/// and starts the day after it.
///
/// ```swift
/// // Every 3 days from Monday 23rd, done on Tuesday 24th: next on Friday 27th.
/// CompletionAnchor().reason(for: thursday9h, of: watering, in: window)   // waiting for a completion: ...
/// ```
struct CompletionAnchor: ScheduleAdaptation {
    func applies(to rule: ReminderRule) -> Bool { rule.adaptations.countsFromCompletion }

    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
        guard case .everyNDays(let interval, let anchor, let times) = draft.recurrence,
              let last = window.facts.lastCompletion(of: rule.entity, before: window.today.adding(days: 1)),
              last >= anchor else { return }
        draft.recurrence = .everyNDays(interval: interval, anchor: last, times: times)
        let dayAfter = LocalDateTime(date: last.adding(days: 1), time: LocalTime(hour: 0))
        draft.start = max(draft.start ?? dayAfter, dayAfter)
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        guard case .everyNDays(let interval, let anchor, _) = rule.schedule.recurrence,
              let last = window.facts.lastCompletion(of: rule.entity, before: local.date), last >= anchor,
              (local.date.daysSinceEpoch - last.daysSinceEpoch) % interval != 0 else { return nil }
        let next = last.adding(days: interval * ((local.date.daysSinceEpoch - last.daysSinceEpoch) / interval + 1))
        return .waitingForCompletion(lastDone: last, next: next)
    }
}
