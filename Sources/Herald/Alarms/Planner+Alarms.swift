import Foundation

/// The alarm channel's part of a plan (``Plan/alarms``).
///
/// A rule whose ``DeliveryForecast`` level is ``Urgency/alarm`` (it asks for an alarm,
/// and the user allowed alarms) is planned here only: its reminders take no slot of the
/// notification center, and the channel's own capacity (``AlarmChannel/capacity``)
/// bounds them. Each such rule is covered either
/// - by **weekly alarms**, one per time of day on its weekdays (AlarmKit's relative
///   schedule, which follows the device's zone), when that is exact: the rule is daily
///   or weekly at times, floats with the device's zone, declares fixed content (one
///   title for every day), has no follow-up, end, extra or excluded times ahead, has
///   started, and every occurrence up to the horizon is one Herald delivers (none
///   done, deferred, snoozed or already fired) at its own wall time with no
///   daylight-saving change within two hours of it; or
/// - by **fixed alarms**, one per occurrence, soonest first, in the room the weekly
///   ones leave (skipping what the notification planner skips).
///
/// Rules are taken in the order of their first occurrence; a rule whose weekly alarms
/// do not fit is planned with fixed ones. A rule due within the horizon that gets no
/// alarm at all (the channel is full of sooner ones) is not left silent: it falls one
/// rung down its ladder and is planned as a notification (``planAlarmChannel(_:returningUnplacedTo:horizonEnd:deviceConverter:)``). Weekly alarms are counted as covering until
/// the horizon's end, the furthest Herald checked them (``GuaranteedCoverage``).
extension Planner {
    /// What the alarm channel holds and how far it reaches.
    struct AlarmSelection {
        var alarms: [PlannedAlarm] = []
        var skipped: [PlanSkip] = []
        /// The first occurrence the capacity left out, or the horizon's end; `nil` when
        /// no alarm rule is due.
        var coverageHorizon: Date?
        /// The rules due within the horizon that got no alarm at all, by index in the
        /// input: the channel had no room for any of their occurrences.
        var unplaced: [Int] = []
        /// What the channel's capacity left waiting (``Plan/alarmCuts(first:)``).
        var remainder: Plan.Remainder?
    }

    /// The alarm channel's plan for `alarmInput`'s rules (``takingAlarmRules(from:)``).
    /// A rule the channel has no room for at all is not left silent: it goes back to
    /// `input` one rung down its ladder (``fallingBackFromAlarm(_:)``), planned as a
    /// notification, and the channel is planned again without it (which changes none
    /// of the alarms chosen, only how far they reach).
    func planAlarmChannel(_ alarmInput: PlanningInput?, returningUnplacedTo input: inout PlanningInput,
                          horizonEnd: Date, deviceConverter: ZoneConverter) -> AlarmSelection {
        guard var alarmInput else { return AlarmSelection() }
        let selection = planAlarms(alarmInput, horizonEnd: horizonEnd, deviceConverter: deviceConverter)
        guard !selection.unplaced.isEmpty else { return selection }
        let unplaced = Set(selection.unplaced)
        input.rules += selection.unplaced.map { Self.fallingBackFromAlarm(alarmInput.rules[$0]) }
        alarmInput.rules = alarmInput.rules.indices.filter { !unplaced.contains($0) }.map { alarmInput.rules[$0] }
        guard !alarmInput.rules.isEmpty else { return AlarmSelection(skipped: selection.skipped) }
        return planAlarms(alarmInput, horizonEnd: horizonEnd, deviceConverter: deviceConverter)
    }

    /// `rule` one rung down its urgency ladder: what it asks for when an alarm is not
    /// to be had (its first fallback, else ``Urgency/active``).
    static func fallingBackFromAlarm(_ rule: ReminderRule) -> ReminderRule {
        var fallen = rule
        fallen.urgency = rule.fallback.first ?? .active
        fallen.fallback = Array(rule.fallback.dropFirst())
        return fallen
    }

    /// Whether a rule's reminders go to the alarm channel under `input`.
    static func isAlarmRule(_ rule: ReminderRule, in input: PlanningInput) -> Bool {
        guard let urgency = rule.urgency, rule.location == nil, let channel = input.alarms else { return false }
        return DeliveryForecast(urgency: urgency, fallback: rule.fallback, settings: input.deliverySettings,
                                alarms: channel.isAvailable).level == .alarm
    }

    /// Takes the alarm rules out of `input`: the input to plan them from, or `nil` when
    /// there are none (or no alarm channel is available).
    static func takingAlarmRules(from input: inout PlanningInput) -> PlanningInput? {
        guard input.alarms?.isAvailable == true else { return nil }
        let isAlarm = input.rules.map { isAlarmRule($0, in: input) }
        guard isAlarm.contains(true) else { return nil }
        var alarmInput = input
        alarmInput.rules = zip(input.rules, isAlarm).compactMap { $1 ? $0 : nil }
        input.rules = zip(input.rules, isAlarm).compactMap { $1 ? nil : $0 }
        return alarmInput
    }

    /// The alarms for `input`'s rules, all of them alarm rules (``isAlarmRule(_:in:)``).
    func planAlarms(_ input: PlanningInput, horizonEnd: Date, deviceConverter: ZoneConverter) -> AlarmSelection {
        let capacity = input.alarms?.capacity ?? 0
        let scan = scanRules(input, horizonEnd: horizonEnd, deviceConverter: deviceConverter)
        let selector = OneShotSelector(input: input, horizonEnd: horizonEnd, deviceConverter: deviceConverter,
                                       converters: scan.converters)
        var result = AlarmSelection()
        var oneShotCandidates: [PlanCandidate] = []
        for candidate in scan.candidates.sorted() {
            if let weekly = weeklyAlarms(from: candidate, selector: selector, converter: scan.converters[candidate.ruleIndex]),
               result.alarms.count + weekly.count <= capacity {
                result.alarms += weekly
            } else {
                oneShotCandidates.append(candidate)
            }
        }
        let selection = selector.select(oneShotCandidates, budget: capacity - result.alarms.count, recordingSkips: true)
        for (candidate, day) in selection.chosen {
            let converter = scan.converters[candidate.ruleIndex]
            let reminder = PlannedReminder(rule: input.rules[candidate.ruleIndex], occurrence: candidate.occurrence,
                                           badge: nil, day: day, triggerTime: converter.local(for: candidate.occurrence.date))
            result.alarms.append(PlannedAlarm(reminder: reminder, schedule: .fixed(candidate.occurrence.date)))
        }
        // By first sounding, then identifier (formatted once per alarm).
        result.alarms = result.alarms.map { ($0.firstDate, $0.identifier.description, $0) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        result.skipped = selection.skipped
        result.remainder = Plan.Remainder(heap: selection.heap, selector: selector)
        let placed = Set(result.alarms.map(\.reminder.rule.id))
        result.unplaced = Set(scan.candidates.map(\.ruleIndex)).filter { !placed.contains(input.rules[$0].id) }.sorted()
        if !scan.candidates.isEmpty {
            result.coverageHorizon = oneShotCandidates.isEmpty ? horizonEnd : selection.coverageHorizon
        }
        return result
    }

    /// The weekly alarms that cover the rule of `first` exactly up to the horizon, one
    /// per time of day; `nil` when weekly alarms would not be exact (see above).
    private func weeklyAlarms(from first: PlanCandidate, selector: OneShotSelector,
                              converter: ZoneConverter) -> [PlannedAlarm]? {
        let input = selector.input
        let rule = input.rules[first.ruleIndex]
        let schedule = rule.schedule
        guard rule.fixedContent, rule.nag == nil, schedule.timeZone == nil, schedule.end == nil,
              schedule.extraTimes.isEmpty, let slots = RepeatingSlot.slots(of: schedule.recurrence) else { return nil }
        let now = converter.local(for: input.now)
        guard schedule.start.map({ $0 <= now }) ?? true, schedule.excludedDates.allSatisfy({ $0 < now.date }),
              schedule.excludedTimes.allSatisfy({ $0 < now }) else { return nil }
        var occurrence: Occurrence? = first.occurrence
        while let current = occurrence, current.date < selector.horizonEnd {
            let candidate = PlanCandidate(first, next: current)
            let zone = input.deviceZone
            guard selector.skipReason(candidate).reason == nil, converter.local(for: current.date) == current.local,
                  zone.secondsFromGMT(for: current.date.addingTimeInterval(-7200))
                    == zone.secondsFromGMT(for: current.date.addingTimeInterval(7200)) else { return nil }
            occurrence = schedule.nextOccurrence(after: current.date, using: converter)
        }
        var weekdays: [LocalTime: Set<Weekday>] = [:]
        for slot in slots { weekdays[slot.time, default: []].formUnion(slot.weekday.map { [$0] } ?? Set(Weekday.allCases)) }
        return weekdays.keys.sorted().compactMap { time in
            // The alarm's first sounding: the rule's first occurrence at that time.
            var next: Occurrence? = first.occurrence
            let bound = selector.horizonEnd.addingTimeInterval(8 * 86_400)
            while let current = next, current.local.time != time, current.date < bound {
                next = schedule.nextOccurrence(after: current.date, using: converter)
            }
            guard let firstAtTime = next, firstAtTime.local.time == time else { return nil }
            var reminder = PlannedReminder(rule: rule, occurrence: firstAtTime, badge: nil,
                                           day: firstAtTime.local.date, triggerTime: firstAtTime.local)
            reminder.repeating = RepeatingSlot(time: time)
            return PlannedAlarm(reminder: reminder, schedule: .weekly(time, on: weekdays[time] ?? []))
        }
    }
}
