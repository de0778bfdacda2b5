import Foundation

/// One kind of schedule that follows what the user did: the shape every kind's folder
/// implements, and the only way ``AdaptiveSchedules`` (and through it the run, the
/// planner and the explainer) knows of it.
///
/// A kind rewrites a rule's schedule, for the days a plan can reach, into an ordinary
/// calendar schedule (days left out, times drawn, a new anchor), so the planner plans
/// it like any other rule: budget, badges, quiet hours, groups, coverage and the app
/// not running need nothing of their own. It also says why it left out an occurrence
/// of the declared schedule, for ``OccurrenceStory``.
///
/// ```swift
/// struct DayOff: ScheduleAdaptation {
///     func applies(to rule: ReminderRule) -> Bool { rule.entity.namespace == "chores" }
///     func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow) {
///         draft.excludedDates.insert(window.today)
///     }
///     func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow)
///         -> OccurrenceStory.HeldBack? { nil }
/// }
/// ```
protocol ScheduleAdaptation: Sendable {
    /// Whether `rule` declares this kind.
    func applies(to rule: ReminderRule) -> Bool
    /// Rewrites `draft` (the rule's schedule as the kinds before this one left it) for
    /// the days of `window`.
    func adapt(_ draft: inout ScheduleDraft, of rule: ReminderRule, in window: AdaptationWindow)
    /// Why this kind leaves out the declared occurrence of `rule` at `local`, or `nil`
    /// when it does not.
    func reason(for local: LocalDateTime, of rule: ReminderRule, in window: AdaptationWindow) -> OccurrenceStory.HeldBack?
}
