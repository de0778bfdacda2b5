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
                   zone: TimeZone) -> (kept: SmartTimingState, refresh: SmartTimingRefresh)? {
        if onlyWhenStale, !needsRecompute(computedAt: state.smartTiming[key]?.computedAt, now: now) { return nil }
        let suggestion = suggest(completions: completions ?? state.completions.values.map(\.date), now: now, zone: zone)
        let kept = SmartTimingState(suggestion: suggestion?.reminderTime, windowStartHour: suggestion?.windowStartHour,
                                    computedAt: now)
        return (kept, SmartTimingRefresh(suggestion: suggestion))
    }
}
