import Foundation

/// "Why didn't it fire?": the story of one occurrence, from the engine's
/// ``OccurrenceHistory``.
extension Engine {
    /// The story of `entity`'s `rule` at the local date-time `occurrence` (in the rule's
    /// zone, or the device's for a floating rule): each plan that considered it and
    /// what it decided, each reconcile that added, replaced or removed its request, its
    /// delivery or why the system did not deliver it, the user's response and its
    /// removal, with a verdict. The history holds the last ``OccurrenceHistory/days``
    /// days of this process (and of the engines that shared its history).
    ///
    /// ```swift
    /// let story = await engine.explain(entity: water, rule: "sips", at: LocalDateTime(parsing: "2026-11-21T15:00")!)
    /// if story.verdict == .cut { print(story.events.last { $0.fact.isPlanDecision }!.fact) }
    /// ```
    public func explain(entity: EntityReference, rule: String, at occurrence: LocalDateTime) async -> OccurrenceStory {
        // Deliveries since the last run are in the list already: the story has them.
        for notification in await center.deliveredNotifications() {
            guard let identifier = notification.heraldIdentifier(deviceZone: clock.timeZone),
                  identifier.entity == entity, identifier.rule == rule else { continue }
            history.recordDelivery(of: identifier, request: notification.request.identifier, at: notification.date)
        }
        let rules = (try? await source.reminderRules()) ?? []
        let state: EngineState?
        do {
            state = try store.load()
        } catch {
            logger.warning("reading the state for a story failed; deletions are left out", metadata: ["error": "\(error)"])
            state = nil
        }
        return history.story(entity: entity, rule: rule, at: occurrence, rules: rules, state: state,
                             deviceZone: clock.timeZone, now: clock.now)
    }

    /// The story of the occurrence a notification identifier names (a reminder, or a
    /// snooze or follow-up of one); `nil` when it names no local date-time (a repeating
    /// request, a posted event or a location).
    ///
    /// ```swift
    /// if let id = NotificationIdentifier(parsing: request.identifier), let story = await engine.explain(id) { ... }
    /// ```
    public func explain(_ identifier: NotificationIdentifier) async -> OccurrenceStory? {
        guard [.reminder, .snooze, .followUp, .backstop].contains(identifier.kind),
              let local = identifier.occurrence.localDateTime else { return nil }
        return await explain(entity: identifier.entity, rule: identifier.rule, at: local)
    }

    /// Records a run's plan and what its reconcile did in the history.
    /// (`requestTexts`: the identifier's text of each request built for `plan.requests`, in that order.)
    func recordInHistory(_ plan: Plan, requestTexts: [String?], reasons: [EngineEvent], diff: ReconcileDiff,
                         managedPending: [String: NotificationRequest], desired: [NotificationRequest],
                         failed: [String]) {
        let now = clock.now
        history.recordPlan(plan, reasons: reasons, at: now, notificationsOff: false, requestTexts: requestTexts)
        var pending = Set(desired.lazy.map(\.identifier))
        pending.subtract(failed)
        let built = builtRequests
        history.recordReconcile(diff, managedPending: managedPending, failed: failed, pendingAfter: pending, at: now,
                                identify: built.identifier(of:))
    }
}
