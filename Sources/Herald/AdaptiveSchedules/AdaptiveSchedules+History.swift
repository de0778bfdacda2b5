import Foundation

extension AdaptiveSchedules {
    /// How far back the completions that `rules` count reach.
    enum CompletionHistory: Equatable {
        /// No rule counts completions.
        case none
        /// The completions recorded for days from the one holding this instant.
        case since(Date)
        /// Every completion kept (``RetentionPolicy``): a rule counted from completion
        /// reads the last one, however old.
        case all
    }

    /// How far back the completions that `rules` count reach at `now`: to the start of
    /// the longest quota period holding today (a day earlier, for rules pinned to
    /// another zone), or all of them for a rule counted from completion.
    ///
    /// ```swift
    /// AdaptiveSchedules.completionsNeeded(for: [weeklyGym], now: now, deviceZone: berlin, firstWeekday: .monday)
    /// // .since(Monday 00:00, less a day)
    /// ```
    static func completionsNeeded(for rules: [ReminderRule], now: Date, deviceZone: TimeZone,
                                  firstWeekday: Weekday) -> CompletionHistory {
        if rules.contains(where: \.adaptations.countsFromCompletion) { return .all }
        let converter = ZoneConverter.for(deviceZone)
        let today = converter.local(for: now).date
        let starts = rules.compactMap { $0.adaptations.quota?.period(holding: today, firstWeekday: firstWeekday).lowerBound }
        guard let first = starts.min() else { return .none }
        return .since(converter.instant(for: LocalDateTime(date: first.adding(days: -1), time: LocalTime(hour: 0))).date)
    }
}
