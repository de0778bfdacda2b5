import Foundation

/// The alarm channel's decisions in a run, pure functions of what the run read of the
/// alarm service, Herald's state and the time (see ``Engine``'s alarm overview): what
/// sounded since the last look, before planning; which alarms to cancel and schedule
/// after (``diff(desired:unanswered:read:)``), as ``Reconciler/diff(desired:managedPending:staleDelivered:)``
/// does for the notification center.
///
/// ```swift
/// let recorded = AlarmStep.recording(authorization: .authorized, held: alarms, capacity: 64,
///                                    state: state, now: now, zone: zone)
/// try store.commit(recorded.changes)
/// ```
enum AlarmStep {
    /// The fired records of what sounded since the last look, and the read the run plans
    /// and reconciles with. `held` is `nil` when the service could not be read.
    static func recording(authorization: AlarmAuthorization, held: [SystemAlarm]?, capacity: Int, state: EngineState,
                          now: Date, zone: TimeZone) -> (changes: [EngineStateChange], read: AlarmRead) {
        let scheduled = state.scheduledAlarms
        let changes = held.map { firings(of: scheduled, held: $0, state: state, authorization: authorization,
                                         now: now, zone: zone) }?
            .map(EngineStateChange.recordFired) ?? []
        var recorded = state
        for change in changes { recorded.apply(change) }
        let inProgress = Set((held ?? []).filter { isLeftToTheUser($0, scheduled: scheduled[$0.id], in: recorded) }
            .map(\.id))
        // Those take room in the service: the plan has what is left.
        let channel = AlarmChannel(authorization: authorization, capacity: max(0, capacity - inProgress.count))
        return (changes, AlarmRead(channel: channel, held: held, scheduled: scheduled, inProgress: inProgress))
    }

    /// Whether `alarm`, held in `state`, is a fixed alarm sounding or counting down a
    /// snooze for an occurrence still due. The plan no longer wants it (its occurrence
    /// fired), but cancelling it would silence the alarm on the user's screen or lose
    /// the snooze the user asked for; an occurrence done, paused or deleted meanwhile
    /// no longer needs it.
    static func isLeftToTheUser(_ alarm: SystemAlarm, scheduled: ScheduledAlarm?, in state: EngineState) -> Bool {
        guard [.alerting, .countdown, .paused].contains(alarm.state), let scheduled,
              case .fixed(let date) = scheduled.schedule,
              let day = scheduled.identifier.occurrence.localDateTime?.date else { return false }
        let entity = scheduled.identifier.entity
        if let deleted = state.deletions[entity], deleted >= date { return false }
        return !state.paused.contains(entity) && !state.satisfiedDays.contains(EntityDay(entity, day))
    }

    /// The fired records of the alarms that sounded, not yet in the fired log. While
    /// alarms are not allowed, a fixed alarm gone after its time may have been dropped
    /// by the system without sounding (its backstop stood in): only one still held
    /// (sounding, or counting down a snooze) sounded.
    static func firings(of scheduled: [UUID: ScheduledAlarm], held: [SystemAlarm], state: EngineState,
                        authorization: AlarmAuthorization, now: Date, zone: TimeZone) -> [FiredRecord] {
        let states = Dictionary(held.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        let logged = Set(state.fired.values.lazy.map(\.identifier))
        var records: [FiredRecord] = []
        for (id, alarm) in scheduled.sorted(by: { $0.value.identifier < $1.value.identifier }) {
            switch alarm.schedule {
            case .fixed(let date) where date <= now && states[id] != .scheduled
                && (states[id] != nil || authorization.allowsAlarms):
                records.append(FiredRecord(identifier: alarm.identifier, date: date))
            case .weekly(let time, _) where states[id] == .alerting || states[id] == .countdown:
                let (occurrence, date) = latestOccurrence(of: alarm.identifier, at: time, now: now, zone: zone)
                records.append(FiredRecord(identifier: occurrence, date: date))
            default:
                continue
            }
        }
        return records.filter { !logged.contains($0.identifier) }
    }

    /// The occurrence a weekly alarm at `time` sounds for at `now`, and its instant:
    /// today's at that time, or yesterday's when that time is still to come (an alarm
    /// left sounding past midnight).
    static func latestOccurrence(of identifier: NotificationIdentifier, at time: LocalTime, now: Date,
                                 zone: TimeZone) -> (NotificationIdentifier, Date) {
        let converter = ZoneConverter.for(zone)
        var local = LocalDateTime(date: converter.local(for: now).date, time: time)
        if converter.instant(for: local).date > now { local.date = local.date.adding(days: -1) }
        let occurrence = NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                occurrence: OccurrenceKey(local), kind: .reminder)
        return (occurrence, converter.instant(for: local).date)
    }

    /// What to do to the alarm service for the plan's alarms (`desired`, each with its
    /// content's category; `unanswered`, those whose content failed).
    struct Diff {
        /// Alarms Herald scheduled that nothing wants any more, in identifier order,
        /// and whether the service still holds each (a fixed alarm that sounded and
        /// was stopped is gone already: no call).
        var dropped: [(id: UUID, alarm: ScheduledAlarm, held: Bool)] = []
        /// New or changed alarms, in the plan's order.
        var scheduling: [(request: AlarmRequest, category: String)] = []
        /// Alarms the service already holds as planned.
        var unchanged = 0
    }

    /// The alarms to cancel and schedule: an alarm whose content the source did not
    /// give stays as it is (like a pending request whose content failed), and so does
    /// a fixed alarm the user is in the middle of, until the user is done with it.
    static func diff(desired: [(request: AlarmRequest, category: String)], unanswered: Set<UUID>,
                     read: AlarmRead) -> Diff {
        let wanted = Set(desired.map(\.request.id)).union(unanswered).union(read.inProgress)
        let heldIDs = Set((read.held ?? []).map(\.id))
        var diff = Diff()
        for (id, alarm) in read.scheduled.sorted(by: { $0.value.identifier < $1.value.identifier })
        where !wanted.contains(id) {
            diff.dropped.append((id, alarm, heldIDs.contains(id)))
        }
        for (request, category) in desired {
            if heldIDs.contains(request.id), read.scheduled[request.id] == ScheduledAlarm(request, category: category) {
                diff.unchanged += 1
            } else {
                diff.scheduling.append((request, category))
            }
        }
        return diff
    }
}
