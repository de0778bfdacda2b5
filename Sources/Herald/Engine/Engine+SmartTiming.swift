import Foundation

extension Engine {
    /// Recomputes the smart-timing suggestion kept under `key` (seed 003) and keeps it,
    /// through the event `EngineEvent.smartTimingComputed(key:_:)`. It only suggests:
    /// applying it is the app's (a new reminder time, then ``entityChanged(_:)``), and
    /// nothing is switched on.
    ///
    /// ```swift
    /// if let refresh = try await engine.refreshSmartTiming(key: "streaks", completions: history),
    ///    let suggestion = refresh.suggestion, settings.remindersEnabled {
    ///     settings.reminderTime = suggestion.reminderTime
    ///     await engine.entityChanged(streak)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: where the suggestion is kept (one per app feature).
    ///   - timing: how suggestions are made.
    ///   - completions: the instants to learn from; `nil` learns from the completions
    ///     Herald recorded (``completed(_:on:at:)``).
    ///   - onlyWhenStale: when `true`, a suggestion younger than the timing's
    ///     `recomputeAfter` is left as it is and `nil` is returned.
    /// - Returns: what was computed; `nil` when nothing was.
    @discardableResult
    public func refreshSmartTiming(key: String, timing: SmartReminderTiming = SmartReminderTiming(),
                                   completions: [Date]? = nil, onlyWhenStale: Bool = false) async throws
        -> SmartReminderTiming.Refresh? {
        guard let refreshed = timing.refreshed(key: key, state: try store.load(), completions: completions,
                                               onlyWhenStale: onlyWhenStale, now: clock.now, zone: clock.timeZone)
        else { return nil }
        try await record(.smartTimingComputed(key: key, refreshed.kept))
        return refreshed.refresh
    }
}
