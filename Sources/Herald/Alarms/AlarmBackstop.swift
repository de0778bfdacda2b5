import Foundation

/// The notification that stands behind each alarm: one rung down the rule's urgency
/// ladder, armed a few minutes after the alarm, and withdrawn once the alarm is
/// answered.
///
/// An alarm may never sound: the user can turn the app's alarms off in Settings while
/// the app is not running, and what iOS then does with the alarms already scheduled is
/// not documented (the stricter reading, which the simulator takes by default, is that
/// the system drops them). No run of the app sees the change before the alarm's time,
/// so the occurrence would be lost. Herald therefore arms, for every alarm occurrence it
/// plans, a notification ``delay`` after it (kind ``NotificationKind/backstop``), at the
/// level its rule's next rung gives (its first fallback, else active). Pressing the
/// alarm's stop or snooze button runs the app (the system runs the button's intent in
/// its process): the press acknowledges the occurrence, and that run withdraws the
/// backstop. So an answered alarm is followed by no notification, and an occurrence
/// alerts both ways only when its alarm went unanswered for ``delay``. Once the alarm's
/// time has passed, its backstop stays pending until it fires unless the occurrence is
/// answered (stopped, snoozed, done, its entity paused or deleted), whatever the alarm
/// permission is at the next run (``AlarmChannel/pendingBackstops``); and a backstop
/// already delivered when the alarm is stopped asks nothing more
/// (``OutstandingNotifications``): the stop's run removes it.
///
/// A rule with a ``Nag`` is nagged after its alarm instead: its repeats (kind
/// ``NotificationKind/followUp``, at `every`, `2 × every`, … after the alarm, on the
/// occurrence's day) are its backstops, withdrawn the same way.
///
/// Backstops are Herald requests like any other: they count in the center's budget,
/// taking the slots the rest of the plan leaves free (follow-ups included), soonest
/// first; a backstop is the same occurrence as its alarm, so it counts once toward
/// the badge (numbered in fire order among the reminders, as the occurrence).
///
/// ```swift
/// let plan = Planner().plan(input)          // pills at 20:00 as an alarm
/// plan.backstops.first?.identifier          // herald:backstop:habit:pills:evening:20261123T2000
/// plan.backstops.first?.date                // 20:05
/// ```
package enum AlarmBackstop {
    /// How long after its alarm a backstop fires: five minutes.
    public static let delay: TimeInterval = 300
}

extension AlarmChannel {
    /// The channel with the backstops among `pending`, the identifiers of the Herald
    /// requests the center holds (``pendingBackstops``).
    func holding(pending: some Sequence<String>) -> AlarmChannel {
        var channel = self
        channel.pendingBackstops = Set(pending.lazy.filter { $0.hasPrefix("herald:backstop:") }
            .compactMap(NotificationIdentifier.init(parsing:)).filter { $0.kind == .backstop })
        return channel
    }
}

extension Planner {
    /// The backstops of the alarm channel's occurrences (``AlarmBackstop``): those of
    /// the planned alarms (every occurrence of a weekly one up to the horizon), of the
    /// alarm rules' occurrences that sounded lately, and of the alarm occurrences whose
    /// time has passed while their backstop is pending (``AlarmChannel/pendingBackstops``,
    /// whatever the channel is now: an alarm dropped while alarms were turned off is
    /// seen by no run before its time); each while it is still to come and its
    /// occurrence is not answered (stopped, snoozed, done, its entity paused or
    /// deleted); soonest first, at most `room`.
    ///
    /// - Parameters:
    ///   - alarmRules: the rules planned as alarms now (``takingAlarmRules(from:)``).
    ///   - declaredRules: every rule the app declared, as it declared it.
    ///   - input: the planning input (its rules are not read).
    static func plannedBackstops(for alarms: [PlannedAlarm], alarmRules: [ReminderRule], declaredRules: [ReminderRule],
                          input: PlanningInput, horizonEnd: Date, room: Int) -> [PlannedReminder] {
        guard let channel = input.alarms, room > 0, !alarmRules.isEmpty || !channel.pendingBackstops.isEmpty
        else { return [] }
        let converter = ZoneConverter.for(input.deviceZone)
        var originals: [(rule: ReminderRule, occurrence: Occurrence)] = []
        for alarm in alarms {
            originals += Self.occurrences(of: alarm, before: horizonEnd, converter: converter)
        }
        let rules = Dictionary(alarmRules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in input.fired where record.identifier.kind == .reminder {
            guard let rule = rules[ReminderRule.ID(entity: record.identifier.entity, rule: record.identifier.rule)],
                  let local = record.identifier.occurrence.localDateTime else { continue }
            originals.append((rule, Occurrence(local: local, date: record.date)))
        }
        originals += Self.passedOccurrences(holding: channel.pendingBackstops, declaredRules: declaredRules,
                                            now: input.now, converter: converter)
        let snoozed = Set(input.snoozes.map(\.original))
        let delivered = Set(input.fired.lazy.map(\.identifier))
        var seen: Set<NotificationIdentifier> = []
        var result: [PlannedReminder] = []
        for (rule, occurrence) in originals {
            let original = rule.identifier(for: occurrence.local)
            let day = converter.local(for: occurrence.date).date
            guard seen.insert(original).inserted, input.acknowledged[original] == nil, !snoozed.contains(original),
                  !input.paused.contains(rule.entity), !input.satisfied.contains(EntityDay(rule.entity, day))
            else { continue }
            result += Self.backstops(of: rule, occurrence: occurrence, converter: converter).filter {
                $0.date > input.now && !delivered.contains($0.identifier)
            }
        }
        result.sort { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
        return Array(result.prefix(room))
    }

    /// The alarm occurrences whose time has passed that the pending backstops `pending`
    /// stand behind, with their declared rules (a backstop whose rule is no longer
    /// declared, its entity deleted, stands behind nothing).
    private static func passedOccurrences(holding pending: Set<NotificationIdentifier>, declaredRules: [ReminderRule],
                                          now: Date, converter device: ZoneConverter)
        -> [(rule: ReminderRule, occurrence: Occurrence)] {
        guard !pending.isEmpty else { return [] }
        let rules = Dictionary(declaredRules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [(rule: ReminderRule, occurrence: Occurrence)] = []
        for backstop in pending.sorted() {
            guard let local = backstop.occurrence.localDateTime,
                  let rule = rules[ReminderRule.ID(entity: backstop.entity, rule: backstop.rule)]
            else { continue }
            let converter = rule.schedule.timeZone.map(ZoneConverter.for) ?? device
            let date = converter.instant(for: local).date
            if date <= now { result.append((rule, Occurrence(local: local, date: date))) }
        }
        return result
    }

    /// The occurrences an alarm sounds for up to `end`: a fixed alarm's own; a weekly
    /// one's at its time of day, from its first.
    private static func occurrences(of alarm: PlannedAlarm, before end: Date, converter: ZoneConverter)
        -> [(rule: ReminderRule, occurrence: Occurrence)] {
        let rule = alarm.reminder.rule
        guard let slot = alarm.reminder.repeating else { return [(rule, alarm.reminder.occurrence)] }
        var result: [(rule: ReminderRule, occurrence: Occurrence)] = []
        var next: Occurrence? = alarm.reminder.occurrence
        while let current = next, current.date < end {
            if current.local.time == slot.time { result.append((rule, current)) }
            next = rule.schedule.nextOccurrence(after: current.date, using: converter)
        }
        return result
    }

    /// The backstops of one alarm occurrence: one ``AlarmBackstop/delay`` after it, or
    /// its rule's nag repeats (none after the occurrence's device-local day).
    private static func backstops(of rule: ReminderRule, occurrence: Occurrence, converter: ZoneConverter)
        -> [PlannedReminder] {
        let fallen = fallingBackFromAlarm(rule)
        func backstop(at date: Date, kind: NotificationKind) -> PlannedReminder {
            PlannedReminder(rule: fallen, occurrence: occurrence, kind: kind, date: date, badge: nil,
                            day: converter.local(for: date).date, triggerTime: ZoneConverter.utc.local(for: date))
        }
        guard let nag = rule.nag else {
            return [backstop(at: occurrence.date.addingTimeInterval(AlarmBackstop.delay), kind: .backstop)]
        }
        let lastDay = converter.local(for: occurrence.date).date
        var result: [PlannedReminder] = []
        for index in 1...max(1, nag.times) {
            let date = nag.date(ofRepeat: index, deliveredAt: occurrence.date)
            guard converter.local(for: date).date <= lastDay else { break }
            var repeated = backstop(at: date, kind: .followUp)
            repeated.nagRepeat = index
            result.append(repeated)
        }
        return result
    }
}
