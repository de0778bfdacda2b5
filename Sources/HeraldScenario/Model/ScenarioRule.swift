import Foundation
import Herald

/// One reminder rule of a scenario entity: an id, a Herald ``Schedule`` and the
/// planning options of a ``ReminderRule``.
///
/// In a scenario file a rule is a mapping with an `id` and exactly one schedule key:
///
/// ```yaml
/// rules:
///   - id: morning
///     daily: [07:30, 12:00]
///   - id: gym
///     weekly: {days: [MO, TH], times: ["18:00"]}
///     priority: 1
///   - id: break
///     every_minutes: {minutes: 60, from: "09:00", to: "17:00"}
///     category: exercise        # its actions and foreground presentation
///     follow_up: 15             # one follow-up 15 minutes after, unless acted on
///   - id: pill
///     daily: ["21:00"]
///     nag: {every: 10, times: 3}   # 21:10, 21:20, 21:30 until acted on, never after the day
///   - id: stretch
///     daily: ["10:00"]
///     badge: false
///     fixed_content: true       # same content every day: may repeat without the app
///   - id: evening
///     daily: ["18:00"]
///     quota: {times: 3, per: week}                 # quiet for the rest of the week once done 3 days
///   - id: water
///     after_completion: {days: 3, at: ["09:00"]}   # 3 days after it was last done
///   - id: sample
///     random: {from: "10:00", to: "16:00", times: 2, min_gap: 60}   # drawn each day
///   - id: sips
///     every_minutes: {minutes: 60, from: "08:00", to: "20:00"}
///     pace: {target: 8, by: "20:00"}               # only while behind
/// ```
package struct ScenarioRule: Hashable, Sendable, Codable {
    /// The rule's id within its entity (the `rule` part of notification identifiers).
    package var id: String
    package var schedule: Schedule
    /// Which schedule key the file used (`daily`, `weekly`, `rrule`, ...), for messages.
    package var kind: String
    package var priority: Int
    package var countsTowardBadge: Bool
    /// The id of the ``ScenarioCategory`` its notifications carry (`category`).
    package var category: String?
    /// Minutes after delivery for one follow-up when nobody acted on it (`follow_up`).
    package var followUpMinutes: Int?
    /// Minutes between a nag's repeats (`nag: {every}`), `nil` without a nag.
    package var nagMinutes: Int?
    /// How many repeats a nag makes at most (`nag: {times}`), `nil` without a nag.
    package var nagTimes: Int?
    /// For a location reminder (`arrive` or `leave`): the region that fires it.
    package var location: LocationTrigger?
    /// With the scenario's `smart_timing: on`, the (daily) rule fires at smart timing's
    /// suggested time instead of its own, once there is a suggestion (`nil`: no).
    package var smart: Bool?
    /// Whether every occurrence gets the same content (`fixed_content`), so Herald may
    /// cover the rule with repeating triggers (``Herald/ReminderRule/fixedContent``);
    /// `nil` (absent) is `false`.
    package var fixedContent: Bool?
    /// The urgency the rule asks for (`urgency`), `nil` when absent (the content's level).
    package var urgency: Urgency?
    /// The levels to try when the device does not allow ``urgency`` (`fallback`).
    package var fallback: [Urgency]?
    /// `quiet_hours:` what the planner's quiet hours do to it: `nil` (`observe`, the
    /// default: deferred to their end, dropped when that end is past its day),
    /// ``QuietHoursChoice/ignore`` or ``QuietHoursChoice/deferPastMidnight``. Kept in
    /// a state file with the rule, so a resumed run plans it the same.
    package var quietHours: QuietHoursChoice?
    /// `alerts_on: phone | watch | each`: which of the user's devices schedule it;
    /// `nil`: the scenario's default.
    package var alertsOn: ReminderRule.AlertsOn?
    /// `quota: {times, per}`: quiet for the rest of a period once it holds that many
    /// completed days (``Herald/ReminderRule/limited(to:)``); `nil`: none.
    package var quota: ReminderRule.Quota?
    /// `after_completion`: the every-N-days schedule counts from the last completion
    /// (``Herald/ReminderRule/countingFromCompletion()``); `nil` (absent) is `false`.
    package var countsFromCompletion: Bool?
    /// `random: {from, to, times, min_gap}`: the times drawn each day the schedule fires
    /// (``Herald/ReminderRule/atRandomTimes(_:)``); `nil`: the schedule's own times.
    package var randomTimes: ReminderRule.RandomTimes?
    /// `pace: {target, by}`: reminds only while the day's progress is behind
    /// (``Herald/ReminderRule/paced(_:)``); `nil`: always.
    package var pace: ReminderRule.Pace?

    /// A rule's own answer to the planner's quiet hours.
    package enum QuietHoursChoice: String, Hashable, Sendable, Codable {
        /// `quiet_hours: ignore`: fires at its time inside the quiet hours.
        case ignore
        /// `quiet_hours: defer_past_midnight`: deferred to their end even past the end
        /// of its day (``Herald/ReminderRule/defersPastMidnight``).
        case deferPastMidnight = "defer_past_midnight"
    }

    /// `quiet_hours: ignore`: fires at its time inside the planner's quiet hours.
    package var ignoresQuietHours: Bool {
        get { quietHours == .ignore }
        set { quietHours = newValue ? .ignore : (quietHours == .ignore ? nil : quietHours) }
    }
    /// Where the file gives the rule's schedule (`nil` for a rule built in code), so
    /// `herald check` can point at it. Not part of the rule's identity: rules written
    /// on different lines are equal when everything else is, and it is not stored.
    package var source: ScenarioLocation? {
        get { unstoredSource.value }
        set { unstoredSource.value = newValue }
    }
    private var unstoredSource = Uncompared<ScenarioLocation?>(value: nil)

    private enum CodingKeys: String, CodingKey {
        case id, schedule, kind, priority, countsTowardBadge, category, followUpMinutes, location, smart, fixedContent
        case urgency, fallback, nagMinutes, nagTimes, quietHours, alertsOn
        case quota, countsFromCompletion, randomTimes, pace
    }

    package init(id: String, schedule: Schedule, kind: String, priority: Int = 0, countsTowardBadge: Bool = true,
                category: String? = nil, followUpMinutes: Int? = nil, smart: Bool? = nil, fixedContent: Bool = false) {
        self.id = id
        self.schedule = schedule
        self.kind = kind
        self.priority = priority
        self.countsTowardBadge = countsTowardBadge
        self.category = category
        self.followUpMinutes = followUpMinutes
        self.smart = smart
        self.fixedContent = fixedContent ? true : nil
    }

    /// The Herald rule for this rule of `entity`, with the schedules that follow the
    /// user it declares.
    ///
    /// - Throws: ``Herald/DeclarationError`` when Herald refuses its identity, its nag, or
    ///   counting from completion on a schedule that is not every N days.
    package func reminderRule(for entity: EntityReference) throws(DeclarationError) -> ReminderRule {
        var rule = if let location {
            try ReminderRule(entity: entity, id: id, location: location, priority: priority,
                             countsTowardBadge: countsTowardBadge)
        } else {
            try ReminderRule(entity: entity, id: id, schedule: schedule, priority: priority,
                             countsTowardBadge: countsTowardBadge,
                             followUpAfter: followUpMinutes.map { TimeInterval($0) * 60 }, fixedContent: fixedContent ?? false)
        }
        if let nagMinutes, let nagTimes, location == nil {
            rule = try rule.nagging(every: TimeInterval(nagMinutes) * 60, times: nagTimes)
        }
        rule.ignoresQuietHours = ignoresQuietHours
        rule.defersPastMidnight = quietHours == .deferPastMidnight
        if let alertsOn { rule = rule.alerting(on: alertsOn) }
        if location == nil {
            if let quota { rule = rule.limited(to: quota) }
            if countsFromCompletion == true { rule = try rule.countingFromCompletion() }
            if let randomTimes { rule = rule.atRandomTimes(randomTimes) }
            if let pace { rule = rule.paced(pace) }
        }
        guard let urgency else { return rule }
        return try rule.urgent(urgency, fallback: fallback ?? [])
    }
}

/// A value carried along that never makes two values unequal.
private struct Uncompared<Value: Sendable>: Hashable, Sendable {
    var value: Value

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
