import Foundation

extension SmartReminderTiming {
    /// A refresh of the suggestion kept under `key` in `state`
    /// (``Engine/refreshSmartTiming(key:timing:completions:onlyWhenStale:)``): what to keep
    /// and what the app is told; `nil` when `onlyWhenStale` and the kept one is not stale.
    /// `completions` defaults to those recorded in `state`.
    ///
    /// ```swift
    /// if let refreshed = timing.refreshed(key: "streaks", state: state, completions: nil, onlyWhenStale: true,
    ///                                     now: now, zone: zone) { keep(refreshed.kept) }
    /// ```
    func refreshed(key: String, state: EngineState, completions: [Date]?, onlyWhenStale: Bool, now: Date,
                   zone: TimeZone) -> (kept: SmartTimingState, refresh: Refresh)? {
        if onlyWhenStale, !needsRecompute(computedAt: state.smartTiming[key]?.computedAt, now: now) { return nil }
        let suggestion = suggest(completions: completions ?? state.completions.values.map(\.date), now: now, zone: zone)
        let kept = SmartTimingState(suggestion: suggestion?.reminderTime, windowStartHour: suggestion?.windowStartHour,
                                    computedAt: now)
        return (kept, Refresh(suggestion: suggestion))
    }
}

extension SmartReminderTiming {
    /// What a smart-timing refresh computed (``Engine/refreshSmartTiming(key:timing:completions:onlyWhenStale:)``).
    public struct Refresh: Hashable, Sendable {
        /// The suggestion, or `nil` when there was no history to learn from (no made-up time).
        public var suggestion: SmartReminderTiming.Suggestion?
    }
}
