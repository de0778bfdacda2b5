import Foundation
import Herald

/// One recomputation of smart timing during a scenario (`smart_timing: on`): the
/// suggestion from the last 30 days of completions, and whether the app moved its
/// `smart` rules there. Smart timing never switches reminders on: with them off the
/// suggestion is kept and not applied.
///
/// ```swift
/// if case .smartTiming(let smart) = entry {
///     print(smart.windowStartHour ?? -1, smart.windowEndHour ?? -1, smart.reminderTime ?? "none")   // 22 23 21:30
/// }
/// ```
public struct TimelineSmartTiming: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    /// The suggestion; `nil` when there were no completions to learn from.
    public var suggestion: SmartReminderTiming.Suggestion?
    /// Whether the app moved its `smart` rules to the suggested time now (`false` when
    /// they were there already, there is no suggestion, or reminders are off).
    public var applied: Bool
    /// Why it was not applied, when it was not.
    public var note: String?

    package init(date: Date, local: LocalDateTime, suggestion: SmartTimingSuggestion?, applied: Bool, note: String? = nil) {
        self.date = date
        self.local = local
        self.suggestion = suggestion
        self.applied = applied
        self.note = note
    }

    package var windowStartHour: Int? { suggestion?.windowStartHour }
    package var windowEndHour: Int? { suggestion?.windowEndHour }
    package var reminderTime: LocalTime? { suggestion?.reminderTime }

    /// `window 22–23, remind at 21:30 (coverage 80% of 5 completions), applied`.
    package var text: String {
        guard let suggestion else { return "no suggestion: no completions in the last 30 days" + (note.map { " (\($0))" } ?? "") }
        let head = "window \(suggestion.windowDescription), remind at \(suggestion.reminderTime) (coverage \(suggestion.coveragePercent)% of \(suggestion.sampleCount) completion\(suggestion.sampleCount == 1 ? "" : "s"))"
        return head + (applied ? ", applied" : ", not applied" + (note.map { ": \($0)" } ?? ""))
    }
}
