/// What a smart-timing refresh computed (``Engine/refreshSmartTiming(key:timing:completions:onlyWhenStale:)``).
public struct SmartTimingRefresh: Hashable, Sendable {
    /// The suggestion, or `nil` when there was no history to learn from (no made-up time).
    public var suggestion: SmartReminderTiming.Suggestion?
}
