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
        guard let (interval, anchor, times) = Self.days(of: draft.recurrence),
              let last = window.facts.lastCompletion(of: rule.entity, before: window.today.adding(days: 1)),
              last >= anchor else { return }
        if interval > 1 { draft.recurrence = .everyNDays(interval: interval, anchor: last, times: times) }
        let dayAfter = LocalDateTime(date: last.adding(days: 1), time: LocalTime(hour: 0))
        draft.start = max(draft.start ?? dayAfter, dayAfter)
    }

    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack? {
        guard let (interval, anchor, _) = Self.days(of: rule.schedule.recurrence),
              let last = window.facts.lastCompletion(of: rule.entity, before: local.date), last >= anchor,
              (local.date.daysSinceEpoch - last.daysSinceEpoch) % interval != 0 else { return nil }
        let next = last.adding(days: interval * ((local.date.daysSinceEpoch - last.daysSinceEpoch) / interval + 1))
        return .waitingForCompletion(lastDone: last, next: next)
    }

    /// The interval, anchor and times of an every-N-days recurrence; a daily one is every
    /// day from any anchor.
    static func days(of recurrence: Recurrence) -> (interval: Int, anchor: LocalDate, times: [LocalTime])? {
        switch recurrence {
        case .everyNDays(let interval, let anchor, let times): (interval, anchor, times)
        case .daily(let times): (1, LocalDate(year: 1, month: 1, day: 1), times)
        default: nil
        }
    }
}
