import Foundation

/// The alarm channel's side of a run (see ``AlarmCenter``).
///
/// Before planning, a run reads the alarm service's authorization and its list, and
/// records in the fired log what sounded since Herald last looked: a fixed alarm Herald
/// scheduled whose instant has passed sounded then (the service deletes a one-shot
/// alarm once it is stopped, so "gone" is the usual form), and a weekly alarm sounding
/// now sounded for today's occurrence at its time. The plan then puts the alarm rules'
/// reminders in ``Plan/alarms``; after the notification center is reconciled, the
/// alarms are: those Herald asked for and no longer wants are cancelled first, then
/// each new or changed one is scheduled (one call each, nothing for an unchanged one).
/// At the service's first refusal for its limit, nothing more is scheduled that run.
/// A fixed alarm the user is in the middle of (sounding, or counting down a snooze) is
/// left alone though its occurrence fired: cancelling it would silence it on the
/// user's screen or lose the snooze asked for. It goes once the user stops it, or is
/// cancelled when its occurrence is done, its entity paused or deleted meanwhile; until
/// then it takes room in the service, so the plan has that many fewer alarms.
/// The list is read whatever the authorization, so alarms scheduled before the user
/// turned alarms off are cancelled when their rules fall back to notifications; when it
/// cannot be read, the run records no firing and makes no call.
/// What Herald asked for is kept in its state (``EngineState/scheduledAlarms``), so a
/// relaunch neither schedules again what is held nor loses what to cancel; alarms the
/// app scheduled itself are never touched.
///
/// An alarm's title is its reminder's content title from the app's source; its second
/// button is the first action of the content's category: a Herald snooze becomes the
/// alarm's own snooze, any other action a button whose press comes back as that
/// action's response (``alarmButtonPressed(_:identifier:)``).
extension Engine {
    /// What a run read of the alarm service before planning.
    struct AlarmRead {
        var channel: AlarmChannel
        /// The service's alarms, or `nil` when it could not be read: nothing is then
        /// concluded (no firing recorded) and nothing changed (no call, nothing forgotten).
        var held: [SystemAlarm]?
        var scheduled: [UUID: ScheduledAlarm]
        /// Fixed alarms the user is in the middle of (sounding, or counting down a
        /// snooze) whose occurrence is still due: not done, its entity neither paused
        /// nor deleted since. The run leaves them to the user, and they take room in the
        /// service (``isLeftToTheUser(_:scheduled:in:)``).
        var inProgress: Set<UUID> = []
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

    /// Reads the alarm service and records what sounded since the last look (see the
    /// extension's overview); `nil` without an alarm service.
    func readingAlarms(_ state: inout EngineState) async throws -> AlarmRead? {
        guard let alarmCenter else { return nil }
        let authorization = await alarmCenter.authorization()
        // Read whatever the authorization: alarms scheduled before the user turned them
        // off are cancelled once their rules fall back to notifications.
        var held: [SystemAlarm]?
        if authorization != .unavailable {
            do {
                held = try await alarmCenter.alarms()
            } catch {
                logger.warning("reading the alarms failed; they are left as they are", metadata: ["error": "\(error)"])
            }
        }
        let scheduled = state.scheduledAlarms
        let changes = held.map { firings(of: scheduled, held: $0, state: state, authorization: authorization) }?
            .map(EngineStateChange.recordFired) ?? []
        if !changes.isEmpty {
            try commit(changes)
            for change in changes { state.apply(change) }
            for case .recordFired(let record) in changes {
                history.recordAlarmSounded(record.identifier, alarm: record.identifier.description, at: record.date)
            }
        }
        let recorded = state
        let inProgress = Set((held ?? []).filter { Self.isLeftToTheUser($0, scheduled: scheduled[$0.id], in: recorded) }
            .map(\.id))
        // Those take room in the service: the plan has what is left.
        let channel = AlarmChannel(authorization: authorization, capacity: max(0, alarmCenter.capacity - inProgress.count))
        return AlarmRead(channel: channel, held: held, scheduled: scheduled, inProgress: inProgress)
    }

    /// The fired records of the alarms that sounded, not yet in the fired log. While
    /// alarms are not allowed, a fixed alarm gone after its time may have been dropped
    /// by the system without sounding (its backstop stood in): only one still held
    /// (sounding, or counting down a snooze) sounded.
    private func firings(of scheduled: [UUID: ScheduledAlarm], held: [SystemAlarm], state: EngineState,
                         authorization: AlarmAuthorization) -> [FiredRecord] {
        let now = clock.now
        let states = Dictionary(held.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        let logged = Set(state.fired.values.lazy.map(\.identifier))
        var records: [FiredRecord] = []
        for (id, alarm) in scheduled.sorted(by: { $0.value.identifier < $1.value.identifier }) {
            switch alarm.schedule {
            case .fixed(let date) where date <= now && states[id] != .scheduled
                && (states[id] != nil || authorization.allowsAlarms):
                records.append(FiredRecord(identifier: alarm.identifier, date: date))
            case .weekly(let time, _) where states[id] == .alerting || states[id] == .countdown:
                let (occurrence, date) = latestOccurrence(of: alarm.identifier, at: time)
                records.append(FiredRecord(identifier: occurrence, date: date))
            default:
                continue
            }
        }
        return records.filter { !logged.contains($0.identifier) }
    }

    /// The occurrence a weekly alarm at `time` sounds for now, and its instant: today's at
    /// that time, or yesterday's when that time is still to come (an alarm left sounding
    /// past midnight).
    func latestOccurrence(of identifier: NotificationIdentifier, at time: LocalTime) -> (NotificationIdentifier, Date) {
        let converter = ZoneConverter.for(clock.timeZone)
        let now = clock.now
        var local = LocalDateTime(date: converter.local(for: now).date, time: time)
        if converter.instant(for: local).date > now { local.date = local.date.adding(days: -1) }
        let occurrence = NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                occurrence: OccurrenceKey(local), kind: .reminder)
        return (occurrence, converter.instant(for: local).date)
    }

    /// Makes the alarm service hold the plan's alarms (see the extension's overview).
    func reconcileAlarms(_ plan: Plan, read: AlarmRead) async -> AlarmOutcome {
        guard let alarmCenter, let held = read.held else { return AlarmOutcome() }
        var outcome = AlarmOutcome()
        let (desired, unanswered) = await alarmRequests(for: plan)
        // An alarm whose content the source did not give stays as it is, like a pending
        // request whose content failed.
        // A fixed alarm the user is in the middle of stays until the user is done with it.
        let wanted = Set(desired.map(\.request.id)).union(unanswered).union(read.inProgress)
        let heldIDs = Set(held.map(\.id))
        var kept = read.scheduled
        for (id, alarm) in read.scheduled.sorted(by: { $0.value.identifier < $1.value.identifier }) where !wanted.contains(id) {
            kept[id] = nil
            // A fixed alarm that sounded and was stopped is gone already.
            guard heldIDs.contains(id) else { continue }
            do {
                try await alarmCenter.cancel(id: id)
                outcome.cancelled += 1
            } catch {
                logger.warning("cancelling an alarm failed", metadata: ["alarm": "\(alarm.identifier)", "error": "\(error)"])
            }
        }
        for (request, category) in desired {
            if heldIDs.contains(request.id), read.scheduled[request.id] == ScheduledAlarm(request, category: category) {
                outcome.unchanged += 1
                continue
            }
            guard outcome.refused.isEmpty else {
                outcome.refused.append(request.identifier)
                continue
            }
            do {
                try await alarmCenter.schedule(request)
                kept[request.id] = ScheduledAlarm(request, category: category)
                outcome.scheduled += 1
            } catch {
                kept[request.id] = nil
                outcome.refused.append(request.identifier)
                logger.warning("scheduling an alarm failed; the next run tries again", metadata: [
                    "alarm": "\(request.identifier)", "error": "\(error)",
                ])
            }
        }
        if kept != read.scheduled { rememberScheduledAlarms(kept) }
        return outcome
    }

    /// The plan's alarms with their titles and buttons from the app's source, each with
    /// its content's category, and the ids of those whose content failed.
    private func alarmRequests(for plan: Plan) async
        -> (requests: [(request: AlarmRequest, category: String)], unanswered: Set<UUID>) {
        var requests: [(request: AlarmRequest, category: String)] = []
        var unanswered: Set<UUID> = []
        for alarm in plan.alarms {
            let content: NotificationContent
            do {
                content = try await source.content(for: alarm.reminder)
            } catch {
                logger.warning("content for an alarm failed", metadata: ["alarm": "\(alarm.identifier)", "error": "\(error)"])
                unanswered.insert(alarm.id)
                continue
            }
            let action = categories[content.categoryIdentifier]?.actions.first
            let secondary: AlarmSecondaryButton? = switch action?.kind {
            case .snooze(let seconds)?: .snooze(title: action?.title ?? "", minutes: max(1, Int(seconds / 60)))
            case nil, .dismiss?: nil
            default: action.map { .action(identifier: $0.identifier, title: $0.title) }
            }
            requests.append((AlarmRequest(identifier: alarm.identifier, schedule: alarm.schedule, title: content.title,
                                          secondary: secondary), content.categoryIdentifier))
        }
        return (requests, unanswered)
    }

    /// Keeps what Herald scheduled in its state.
    private func rememberScheduledAlarms(_ scheduled: [UUID: ScheduledAlarm]) {
        do {
            try commit([.setScheduledAlarms(scheduled)])
        } catch {
            logger.error("remembering the scheduled alarms failed", metadata: ["error": "\(error)"])
        }
    }
}
