import Foundation

/// Schedules that follow the user: the one seam through which the kinds that depend on
/// what the user did reach Herald's run, planner and explanations.
///
/// Each kind lives in a folder of its own and conforms to ``ScheduleAdaptation``:
/// - a quota (``ReminderRule/limited(to:)``): once the period holds that many completed
///   days, the rest of the period is left out;
/// - repeats counted from completion (``ReminderRule/countingFromCompletion()``);
/// - random times in a window (``ReminderRule/atRandomTimes(_:)``);
/// - vacations (``ReminderRule/onVacation(_:)`` and ``ReminderSource/vacations()``);
/// - reminders only when behind (``ReminderRule/paced(_:)``).
///
/// Before each plan the run calls ``rules(_:)`` once: every rule that declares a kind
/// comes back with an ordinary calendar schedule for the days the plan can reach
/// (days left out, times drawn, a new anchor), and every other rule as it was. The
/// planner then plans it like any rule, and the explainer asks ``reason(for:of:)`` why
/// an occurrence of the declared schedule was left out.
///
/// ```swift
/// let schedules = try await AdaptiveSchedules.gathering(for: rules, source: source, state: state, now: now,
///                                                        deviceZone: zone, configuration: configuration)
/// let planned = schedules.rules(rules)
/// ```
package struct AdaptiveSchedules: Sendable {
    /// The kinds, in the order they rewrite a rule: the anchor and the times first, then
    /// the days left out, then pace, which reads the day's occurrences left.
    static let kinds: [any ScheduleAdaptation] = [
        CompletionAnchor(), RandomTimesDraw(), QuotaAdaptation(), VacationAdaptation(), PaceAdaptation(),
    ]
    /// The kinds in the order an explanation names them: the most lasting reason first.
    static let reasons: [any ScheduleAdaptation] = [
        VacationAdaptation(), QuotaAdaptation(), CompletionAnchor(), RandomTimesDraw(), PaceAdaptation(),
    ]

    let now: Date
    let deviceZone: TimeZone
    let horizon: TimeInterval
    let facts: AdaptationFacts

    init(now: Date, deviceZone: TimeZone, horizon: TimeInterval, facts: AdaptationFacts) {
        self.now = now
        self.deviceZone = deviceZone
        self.horizon = horizon
        self.facts = facts
    }

    /// `declared` as the planner plans them now: a rule that follows the user with its
    /// schedule rewritten for the days a plan can reach, a location rule left out on a
    /// vacation day (its region is not armed), the others as they are.
    package func rules(_ declared: [ReminderRule]) -> [ReminderRule] {
        guard !facts.vacations.isEmpty || declared.contains(where: { !$0.adaptations.isEmpty }) else { return declared }
        // One window per zone: the rules of a zone share its days and its clocks' jumps.
        var windows: [String: AdaptationWindow] = [:]
        return declared.compactMap { rule in
            // A location rule has no days to leave out: on a vacation day it is not armed.
            guard rule.hasSchedule else { return restsToday(rule) ? nil : rule }
            let zone = (rule.schedule.timeZone ?? deviceZone).identifier
            let window = windows[zone] ?? window(for: rule)
            windows[zone] = window
            return self.rule(rule, in: window)
        }
    }

    /// Whether a vacation of `rule` or of the app holds today, in the device's zone.
    private func restsToday(_ rule: ReminderRule) -> Bool {
        let today = ZoneConverter.for(deviceZone).local(for: now).date
        return (rule.adaptations.vacations + facts.vacations).contains { $0.contains(today) }
    }

    /// `declared` as the planner plans it now.
    package func rule(_ declared: ReminderRule) -> ReminderRule {
        rule(declared, in: window(for: declared))
    }

    private func rule(_ declared: ReminderRule, in window: AdaptationWindow) -> ReminderRule {
        guard declared.hasSchedule else { return declared }
        let kinds = Self.kinds.filter { $0.applies(to: declared) || ($0 is VacationAdaptation && !facts.vacations.isEmpty) }
        guard !kinds.isEmpty else { return declared }
        var draft = ScheduleDraft(declared.schedule)
        for kind in kinds { kind.adapt(&draft, of: declared, in: window) }
        draft.leavingOutSkippedTimes(in: window, fallback: declared.schedule)
        var rule = declared
        rule.schedule = draft.schedule(or: declared.schedule)
        return rule
    }

    /// Why the declared occurrence of `rule` at `local` is not planned, when a schedule
    /// that follows the user left it out; `nil` otherwise.
    ///
    /// ```swift
    /// schedules.reason(for: LocalDateTime(parsing: "2026-11-26T18:00")!, of: gym)   // quota met for the week: 3 of 3
    /// ```
    package func reason(for local: LocalDateTime, of rule: ReminderRule) -> OccurrenceStory.HeldBack? {
        guard rule.hasSchedule else { return nil }
        let window = window(for: rule)
        for kind in Self.reasons where kind.applies(to: rule) || kind is VacationAdaptation {
            if let reason = kind.reason(for: local, of: rule, in: window) { return reason }
        }
        return nil
    }

    /// The days a plan made now can reach, in `rule`'s zone: yesterday through the day
    /// after the horizon's.
    func window(for rule: ReminderRule) -> AdaptationWindow {
        let converter = ZoneConverter.for(rule.schedule.timeZone ?? deviceZone)
        let today = converter.local(for: now).date
        let last = converter.local(for: now.addingTimeInterval(horizon)).date.adding(days: 1)
        let days = today.adding(days: -1)...last
        return AdaptationWindow(days: days, today: today, converter: converter, facts: facts,
                                clocksSkip: AdaptationWindow.clocksSkip(in: days, converter: converter))
    }
}
