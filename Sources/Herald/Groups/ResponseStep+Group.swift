import Foundation

extension ResponseStep {
    /// The effect of a response to a group (``PlannedGroup``): the group and every
    /// member are in the fired log, every member is acknowledged (its follow-ups withdrawn), and a built-in action applies to each
    /// member through the same changes it makes for one reminder: "Done all" (a complete
    /// action) completes each member's entity for its occurrence's day, a snooze snoozes
    /// each, "remind tomorrow" defers each. A member whose entity is paused, or deleted
    /// since the group was delivered, is left alone.
    ///
    /// ```swift
    /// let step = ResponseStep.received(doneAll, decoding: decoding, sequence: 1, state: state, now: now,
    ///                                  deviceZone: zone, categories: categories)
    /// step.effect   // .completedAll([habit/water 2026-11-21, habit/stretch 2026-11-21])
    /// ```
    static func receivedGroup(
        _ response: NotificationResponse, payload: HeraldPayload, action: HeraldAction, decoding: PayloadDecoding,
        sequence: Int, state: EngineState, now: Date, deviceZone: TimeZone
    ) -> Received {
        let deliveredAt = response.notification.date
        var changes: [EngineStateChange] = [.recordFired(FiredRecord(identifier: payload.identifier, date: deliveredAt))]
            + payload.members.map { .recordFired(FiredRecord(identifier: $0.identifier, date: deliveredAt)) }
        var completed: [EntityDay] = []
        var snoozedUntil: Date?
        var deferred: LocalDate?
        for member in payload.members {
            let entity = member.identifier.entity
            changes.append(.acknowledge(member.identifier, at: now))
            let gone = state.paused.contains(entity) || (state.deletions[entity].map { $0 >= deliveredAt } ?? false)
            guard !gone else { continue }
            let day = member.day(deviceZone: deviceZone) ?? ZoneConverter.for(deviceZone).local(for: deliveredAt).date
            switch action {
            case .complete:
                guard !completed.contains(EntityDay(entity, day)) else { continue }
                completed.append(EntityDay(entity, day))
                changes.append(.recordCompletion(Completion(entity: entity, day: day, date: now)))
            case .snooze(let seconds):
                let until = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + seconds).rounded(.up))
                changes.append(.snooze(SnoozeRecord(original: member.identifier, until: until)))
                snoozedUntil = until
            case .remindTomorrow:
                changes.append(.deferDay(EntityDay(entity, day)))
                deferred = deferred ?? day
            case .open, .dismiss, .textInput, .custom:
                break
            }
        }
        let effect: ActionEffect = if !completed.isEmpty { .completedAll(completed) }
            else if let snoozedUntil { .snoozed(until: snoozedUntil) }
            else if let deferred { .deferredToTomorrow(deferred) } else { .none }
        changes.insert(.enqueueResponse(QueuedResponse(
            response: response, receivedAt: now, sequence: sequence, effect: effect)), at: 0)
        return Received(changes: changes, effect: effect, action: action, decoding: decoding, isDuplicate: false)
    }
}
