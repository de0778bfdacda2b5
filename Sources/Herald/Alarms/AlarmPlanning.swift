import Foundation

/// The alarm channel's part of one plan, as the planner meets it: one value the planner
/// makes at the start of ``Planner/planJudging(_:walk:keepingWalk:)`` and consults where
/// the channel's phases fall.
///
/// - Made first, it takes the alarm rules out of the input
///   (``Planner/takingAlarmRules(from:)``), plans the channel (``selection``), returns to
///   the input, one rung down their ladder, the rules the channel has no room for
///   (``Planner/planAlarmChannel(_:returningUnplacedTo:horizonEnd:deviceConverter:)``),
///   and keeps the rules as the app declared them, which the delivered list is judged
///   with (``declaredRulesForJudging``).
/// - Once follow-ups have taken their slots, it plans the alarms' backstops in the room
///   left (``planBackstops(input:room:)``); the planner badges them with the reminders,
///   in place (``backstops``).
/// - Last, it records its part in the plan: the alarms, the channel, what it skipped,
///   its coverage and the backstops (``apply(to:)``).
///
/// ```swift
/// var alarms = AlarmPlanning(taking: &input, planner: self, horizonEnd: horizonEnd,
///                            deviceConverter: deviceConverter)
/// // … the reminders, then the follow-ups …
/// alarms.planBackstops(input: input, room: freeRoom - followUps.count)
/// let outstanding = judge(input, converters: converters, declaredRules: alarms.declaredRulesForJudging)
/// assignBadges(to: &reminders, and: &snoozes, backstops: &alarms.backstops, …)
/// // … the plan …
/// alarms.apply(to: &plan)
/// ```
struct AlarmPlanning {
    /// What the alarm channel holds and how far it reaches.
    let selection: Planner.AlarmSelection
    /// The backstops of the channel's occurrences (``AlarmBackstop``), soonest first:
    /// none until ``planBackstops(input:room:)``; the planner numbers their badges here.
    var backstops: [PlannedReminder] = []
    /// The rules taken out of the input as alarm rules, those the channel had no room
    /// for included; empty when there are none.
    private let alarmRules: [ReminderRule]
    /// Every rule the app declared, as it declared it.
    private let declaredRules: [ReminderRule]
    /// The input's alarm channel (``PlanningInput/alarms``).
    private let channel: AlarmChannel?
    private let horizonEnd: Date

    /// Takes the alarm rules out of `input` and plans the alarm channel for them; the
    /// rules the channel has no room for at all go back to `input` one rung down their
    /// ladder, planned as notifications.
    ///
    /// ```swift
    /// var alarms = AlarmPlanning(taking: &input, planner: self, horizonEnd: horizonEnd,
    ///                            deviceConverter: deviceConverter)
    /// ```
    init(taking input: inout PlanningInput, planner: Planner, horizonEnd: Date, deviceConverter: ZoneConverter) {
        declaredRules = input.rules
        channel = input.alarms
        self.horizonEnd = horizonEnd
        let alarmInput = Planner.takingAlarmRules(from: &input)
        selection = planner.planAlarmChannel(alarmInput, returningUnplacedTo: &input, horizonEnd: horizonEnd,
                                             deviceConverter: deviceConverter)
        alarmRules = alarmInput?.rules ?? []
    }

    /// The rules to judge the delivered list with: every declared rule when alarm rules
    /// were taken out of the input (a notification delivered before alarms were allowed
    /// is judged by its rule), `nil` when none were (the input's rules are the declared
    /// ones).
    ///
    /// ```swift
    /// let outstanding = judge(input, converters: converters, declaredRules: alarms.declaredRulesForJudging)
    /// ```
    var declaredRulesForJudging: [ReminderRule]? { alarmRules.isEmpty ? nil : declaredRules }

    /// Plans the alarms' backstops into ``backstops``, at most `room`: the slots the rest
    /// of the plan leaves free, follow-ups included
    /// (``Planner/plannedBackstops(for:alarmRules:declaredRules:input:horizonEnd:room:)``).
    ///
    /// ```swift
    /// alarms.planBackstops(input: input, room: freeRoom - followUps.count)
    /// ```
    mutating func planBackstops(input: PlanningInput, room: Int) {
        backstops = Planner.plannedBackstops(for: selection.alarms, alarmRules: alarmRules, declaredRules: declaredRules,
                                             input: input, horizonEnd: horizonEnd, room: room)
    }

    /// Records the channel's part in `plan`: its alarms, the channel's availability and
    /// capacity, what it skipped (after the plan's own skips), its coverage (which bounds
    /// the plan's, so `plan`'s guaranteed coverage is set before) and the ``backstops``.
    ///
    /// ```swift
    /// plan.guaranteedCoverage = guaranteedCoverage(…)
    /// alarms.apply(to: &plan)
    /// ```
    consuming func apply(to plan: inout Plan) {
        plan.setAlarms(selection, channel: channel)
        plan.backstops = backstops
    }
}
