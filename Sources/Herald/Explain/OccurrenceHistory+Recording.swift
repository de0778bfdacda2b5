import Foundation

/// How the engine feeds the history: each run's plan and reconcile, each delivery and
/// response. Each records only what changed for an occurrence since the last run.
extension OccurrenceHistory {
    /// Records a run's plan: what it decided differently from the last plan for each
    /// occurrence it scheduled, displaced or skipped, and why an occurrence the last
    /// plan scheduled is no longer in it before its time (cut, paused, or no longer
    /// planned); and the run's numbers, from which a story works out the cuts.
    ///
    /// ```swift
    /// history.recordPlan(plan, reasons: [.launch], at: clock.now, notificationsOff: false)
    /// ```
    package func recordPlan(_ plan: Plan, reasons: [EngineEvent], at now: Date, notificationsOff: Bool) {
        recordPlan(plan, reasons: reasons, at: now, notificationsOff: notificationsOff, requestTexts: [])
    }

    /// ``recordPlan(_:reasons:at:notificationsOff:)`` with the identifier's text of each
    /// of `plan.requests` as the run built it, in that order (`nil`, or none, where it
    /// built none): what a planned fact names, not written again.
    func recordPlan(_ plan: Plan, reasons: [EngineEvent], at now: Date, notificationsOff: Bool,
                    requestTexts: [String?]) {
        storage.withLock { storage in
            let order = storage.nextOrder()
            var planned: [DecisionKey: Date] = [:]
            // (Reserving room for none would still allocate a table.)
            if !storage.planned.isEmpty { planned.reserveCapacity(storage.planned.count) }
            // The lists of `plan.requests`, each read as it is rather than joined.
            var position = 0
            func recordPlanned(_ reminders: [PlannedReminder]) {
                for reminder in reminders {
                    let built = position < requestTexts.count ? requestTexts[position] : nil
                    position += 1
                    let identifier = reminder.identifier
                    let decisionKey = DecisionKey(key: Key(identifier), kind: identifier.kind,
                                                  nagRepeat: identifier.repeat)
                    planned[decisionKey] = reminder.date
                    // Its text is the same at every plan: written once, kept with the decision.
                    // A reminder is placed at its occurrence, also when the quiet hours defer it.
                    let placed = identifier.kind == .reminder ? reminder.occurrence.date : reminder.date
                    record(.planned(badge: reminder.badge, firesAt: reminder.date), at: placed, of: decisionKey,
                           in: &storage, order: order, now: now, text: { built ?? identifier.description }) { text in
                        .planned(identifier: text ?? identifier.description, badge: reminder.badge,
                                 firesAt: reminder.date)
                    }
                }
            }
            // An alarm stands for its occurrence (a weekly one for its time of day).
            for alarm in plan.alarms {
                let decisionKey = DecisionKey(key: Key(alarm.identifier), kind: .reminder)
                planned[decisionKey] = alarm.firstDate
                record(.plannedAlarm(soundsAt: alarm.firstDate), at: alarm.firstDate, of: decisionKey, in: &storage,
                       order: order, now: now) { _ in
                    .plannedAlarm(identifier: alarm.identifier.description, soundsAt: alarm.firstDate)
                }
            }
            recordPlanned(plan.reminders)
            recordPlanned(plan.snoozes)
            recordPlanned(plan.followUps)
            recordPlanned(plan.locationReminders)
            recordPlanned(plan.repeating)
            recordPlanned(plan.backstops)
            // A group stands for each of its members: each is planned as the group.
            for group in plan.groups {
                let text = group.identifier.description
                for member in group.members {
                    let decisionKey = DecisionKey(key: Key(member.identifier), kind: .reminder)
                    planned[decisionKey] = group.date
                    record(.planned(badge: group.badge, firesAt: group.date), at: member.occurrence.date, of: decisionKey,
                           in: &storage, order: order, now: now) { _ in
                        .planned(identifier: text, badge: group.badge, firesAt: group.date)
                    }
                }
            }
            var decided = Set<DecisionKey>()
            for reminder in plan.displaced {
                let decisionKey = DecisionKey(key: Key(reminder.identifier), kind: .reminder)
                decided.insert(decisionKey)
                record(.displaced, at: reminder.date, of: decisionKey, in: &storage, order: order, now: now) { _ in .displaced }
            }
            for skip in plan.skipped {
                let key = Key(entity: skip.rule.entity, rule: skip.rule.rule, occurrence: OccurrenceKey(skip.occurrence.local))
                let decisionKey = DecisionKey(key: key, kind: .reminder)
                decided.insert(decisionKey)
                record(.skipped(skip.reason), at: skip.occurrence.date, of: decisionKey, in: &storage, order: order,
                       now: now) { _ in .skipped(skip.reason) }
            }
            recordLeaving(plan, planned: planned, decided: decided, in: &storage, order: order, now: now)
            storage.planned = planned
            storage.runs.append(RunRecord(
                order: order, date: now, reasons: reasons, coverageHorizon: plan.coverageHorizon,
                horizonEnd: plan.horizonEnd,
                held: plan.reminders.count + plan.repeating.count + plan.locationReminders.count,
                capacity: plan.capacity, latest: plan.reminders.suffix(2).map(\.identifier),
                paused: plan.pausedEntities, notificationsOff: notificationsOff))
            sweep(&storage, now: now)
        }
    }

    /// Records `decision` when it differs from the last one for the occurrence and kind.
    /// `text`, when given, is the identifier's text of the occurrence's own request: kept
    /// with the decision and handed to `fact` at its later changes (a group member's
    /// text is its group's, never kept).
    private func record(_ decision: Decision, at date: Date, of decisionKey: DecisionKey, in storage: inout Storage,
                        order: Int, now: Date, text: (() -> String)? = nil,
                        fact: (_ text: String?) -> OccurrenceStory.Fact) {
        // One look-up when the occurrence had a decision: it is changed where it is.
        let kept: String?
        if let index = storage.decisions.index(forKey: decisionKey) {
            let last = storage.decisions.values[index]
            guard last.decision != decision else { return }
            kept = last.text ?? text?()
            storage.decisions.values[index] = (decision, date, kept)
        } else {
            kept = text?()
            storage.decisions[decisionKey] = (decision, date, kept)
        }
        storage.append(decisionKey.key, kind: decisionKey.kind, OccurrenceStory.Event(date: now, fact: fact(kept)),
                       order: order)
    }

    /// What the last plan scheduled and this one does not, before its time: paused,
    /// cut (at or after the new coverage horizon), or no longer planned. A snooze or a
    /// follow-up that goes is told by the reconcile that removes it.
    private func recordLeaving(_ plan: Plan, planned: [DecisionKey: Date], decided: Set<DecisionKey>,
                               in storage: inout Storage, order: Int, now: Date) {
        var paused: Set<EntityReference>?
        for (decisionKey, firesAt) in storage.planned where planned[decisionKey] == nil {
            guard !decided.contains(decisionKey) else { continue }
            // A reminder the quiet hours deferred keeps its own instant for its story.
            if decisionKey.kind == .reminder, let placed = storage.decisions[decisionKey]?.date, placed != firesAt {
                storage.deferredPlacements[decisionKey.key] = placed
            }
            storage.decisions[decisionKey] = nil
            guard firesAt > now, decisionKey.kind == .reminder else { continue }
            if paused == nil { paused = Set(plan.pausedEntities) }
            let fact: OccurrenceStory.Fact
            if paused?.contains(decisionKey.key.entity) == true {
                fact = .paused
            } else if firesAt >= plan.coverageHorizon {
                fact = .cut(held: plan.reminders.count + plan.repeating.count + plan.locationReminders.count,
                            capacity: plan.capacity, latest: plan.reminders.suffix(2).map(\.identifier.description))
            } else {
                fact = .unplanned
            }
            storage.append(decisionKey.key, kind: .reminder, OccurrenceStory.Event(date: now, fact: fact), order: order)
        }
    }

    /// Records what a reconcile did to each occurrence's request: added (or added
    /// again, when the last run left it pending and the center no longer held it),
    /// replaced, refused, removed; and the delivered notifications it removed.
    ///
    /// - Parameters:
    ///   - diff: what the reconcile removed, added and replaced.
    ///   - managedPending: Herald's requests the center held before, by identifier.
    ///   - failed: the identifiers whose additions the center refused.
    ///   - pendingAfter: the identifiers the run left pending.
    ///   - now: when the reconcile ran.
    package func recordReconcile(_ diff: ReconcileDiff, managedPending: [String: NotificationRequest],
                                failed: [String], pendingAfter: Set<String>, at now: Date) {
        recordReconcile(diff, managedPending: managedPending, failed: failed, pendingAfter: pendingAfter, at: now,
                        identify: NotificationIdentifier.init(parsing:))
    }

    /// ``recordReconcile(_:managedPending:failed:pendingAfter:at:)`` with the identity of
    /// each identifier's text from `identify` (the engine reads back those it built).
    func recordReconcile(_ diff: ReconcileDiff, managedPending: [String: NotificationRequest],
                         failed: [String], pendingAfter: Set<String>, at now: Date,
                         identify: (String) -> NotificationIdentifier?) {
        storage.withLock { storage in
            defer { storage.pending = pendingAfter }
            guard !diff.additions.isEmpty || !diff.removals.isEmpty || !diff.deliveredRemovals.isEmpty else { return }
            let order = storage.nextOrder()
            let failed = Set(failed)
            for request in diff.additions {
                guard let identifier = identify(request.identifier) else { continue }
                let text = request.identifier
                let fact: OccurrenceStory.Fact = if failed.contains(text) {
                    .addFailed(identifier: text)
                } else if managedPending[text] != nil {
                    .replaced(identifier: text)
                } else if storage.pending.contains(text) {
                    .readded(identifier: text)
                } else {
                    .added(identifier: text)
                }
                storage.append(Key(identifier), kind: identifier.kind, OccurrenceStory.Event(date: now, fact: fact),
                               order: order)
            }
            func recordRemoval(of text: String, delivered: Bool) {
                guard let identifier = identify(text) else { return }
                let fact: OccurrenceStory.Fact = delivered ? .removedDelivered(identifier: text) : .removed(identifier: text)
                storage.append(Key(identifier), kind: identifier.kind, OccurrenceStory.Event(date: now, fact: fact),
                               order: order)
            }
            for text in diff.removals { recordRemoval(of: text, delivered: false) }
            for text in diff.deliveredRemovals { recordRemoval(of: text, delivered: true) }
        }
    }

    /// Records that the system showed `identifier` (the occurrence it stands for) at
    /// `date`, as the request `request`; once per delivery. A member of a group the
    /// quiet hours deferred was held by them.
    package func recordDelivery(of identifier: NotificationIdentifier, request: String, at date: Date) {
        storage.withLock { Self.recordDelivery(of: identifier, request: request, at: date, in: &$0) }
    }

    private static func recordDelivery(of identifier: NotificationIdentifier, request: String, at date: Date,
                                       in storage: inout Storage) {
        let key = Key(identifier)
        let fact = deliveryFact(of: identifier, request: request)
        guard storage.facts[key]?.contains(where: { $0.event.fact == fact && $0.event.date == date }) != true
        else { return }
        let order = storage.nextOrder()
        storage.append(key, kind: identifier.kind, OccurrenceStory.Event(date: date, fact: fact), order: order)
    }

    /// The delivery of `identifier` as the request `request`: held by the quiet hours
    /// when it is a member of a group they deferred.
    private static func deliveryFact(of identifier: NotificationIdentifier, request: String) -> OccurrenceStory.Fact {
        let deferred = identifier.kind != .group && request.hasPrefix("herald:group:")
            && NotificationIdentifier(parsing: request)?.groupReason == .quiet
        return .delivered(identifier: request, held: deferred ? "quiet hours" : nil)
    }

    /// Records that the alarm `alarm` sounded at `date` for the occurrence `identifier`;
    /// once per sounding.
    package func recordAlarmSounded(_ identifier: NotificationIdentifier, alarm: String, at date: Date) {
        storage.withLock { storage in
            let key = Key(identifier)
            let fact = OccurrenceStory.Fact.alarmSounded(identifier: alarm)
            guard storage.facts[key]?.contains(where: { $0.event.fact == fact && $0.event.date == date }) != true
            else { return }
            let order = storage.nextOrder()
            storage.append(key, kind: .reminder, OccurrenceStory.Event(date: date, fact: fact), order: order)
        }
    }

    /// Records the user's answer to a delivered notification (and its delivery, when no
    /// run saw it yet).
    package func recordResponse(_ response: NotificationResponse, of identifier: NotificationIdentifier, at now: Date) {
        let request = response.notification.request.identifier
        let action = switch response.actionIdentifier {
        case NotificationResponse.defaultActionIdentifier: "open"
        case NotificationResponse.dismissActionIdentifier: "dismiss"
        default: response.actionIdentifier
        }
        let delivery = OccurrenceStory.Event(date: response.notification.date,
                                             fact: Self.deliveryFact(of: identifier, request: request))
        let answer = OccurrenceStory.Event(date: now, fact: .responded(identifier: request, action: action))
        let kind = identifier.kind
        storage.withLock { storage in
            // One look-up of the occurrence's facts for both.
            storage.withFacts(of: Key(identifier)) { facts, order in
                // An alarm's button answers the alarm that sounded: no delivery to add.
                if !facts.contains(where: {
                    ($0.event.fact == delivery.fact || $0.event.fact.kind == "alarm_sounded") && $0.event.date == delivery.date
                }) {
                    order += 1
                    facts.append(Recorded(order: order, kind: kind, event: delivery))
                }
                order += 1
                facts.append(Recorded(order: order, kind: kind, event: answer))
            }
        }
    }
}
