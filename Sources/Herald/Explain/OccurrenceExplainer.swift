import Foundation
import Logging

/// "Why didn't it fire?": tells the story of one occurrence from the engine's
/// ``OccurrenceHistory``, with what the center, the source and the store say now.
///
/// ```swift
/// let explainer = OccurrenceExplainer(center: center, source: source, store: store, clock: clock,
///                                     history: history, logger: logger)
/// let story = await explainer.story(entity: water, rule: "sips", at: LocalDateTime(parsing: "2026-11-21T15:00")!)
/// ```
struct OccurrenceExplainer: Sendable {
    let center: any NotificationCenter
    let source: any ReminderSource
    let store: any EngineStore
    let clock: any DeviceClock
    let history: OccurrenceHistory
    let logger: Logger
    /// The device among the user's (``Engine/sync``): a rule its app does not schedule
    /// says so first.
    var sync: HeraldSync?
    /// The planner's configuration: the seed and first weekday schedules that follow
    /// the user read (``AdaptiveSchedules``).
    var configuration = PlannerConfiguration()

    /// The story of `entity`'s `rule` at the local date-time `occurrence` (``Engine/explain(entity:rule:at:)``).
    nonisolated(nonsending) func story(entity: EntityReference, rule: String, at occurrence: LocalDateTime) async
        -> OccurrenceStory {
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
        var story = history.story(entity: entity, rule: rule, at: occurrence, rules: rules, state: state,
                                  deviceZone: clock.timeZone, now: clock.now)
        guard let declared = rules.first(where: { $0.entity == entity && $0.ruleID == rule }) else { return story }
        let date = min(story.events.first?.date ?? story.date, story.date)
        if let sync, !sync.schedules(declared) {
            story.events.insert(.init(date: date, fact: .notScheduledHere(alertsOn: declared.alertsOn ?? sync.alertsOn)), at: 0)
        }
        if let reason = await heldBack(occurrence, of: declared, rules: rules, state: state) {
            story.events.insert(.init(date: date, fact: .heldBack(reason)), at: 0)
        }
        return story
    }

    /// Why a schedule that follows the user left `occurrence` out (``AdaptiveSchedules``),
    /// read as the plan made now reads it, with the progress reported for its day.
    private nonisolated(nonsending) func heldBack(_ occurrence: LocalDateTime, of rule: ReminderRule,
                                                  rules: [ReminderRule], state: EngineState?) async -> OccurrenceStory.HeldBack? {
        guard let schedules = try? await AdaptiveSchedules.gathering(
            for: rules, source: source, state: state ?? EngineState(), now: clock.now, deviceZone: clock.timeZone,
            configuration: configuration, days: [occurrence.date]) else { return nil }
        return schedules.reason(for: occurrence, of: rule)
    }

    /// The story of the occurrence a notification identifier names (``Engine/explain(_:)``);
    /// `nil` when it names no local date-time.
    nonisolated(nonsending) func story(of identifier: NotificationIdentifier) async -> OccurrenceStory? {
        guard [.reminder, .snooze, .followUp, .backstop].contains(identifier.kind),
              let local = identifier.occurrence.localDateTime else { return nil }
        return await story(entity: identifier.entity, rule: identifier.rule, at: local)
    }
}
