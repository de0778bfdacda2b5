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
        await explainer.story(entity: entity, rule: rule, at: occurrence)
    }

    /// The story of the occurrence a notification identifier names (a reminder, or a
    /// snooze or follow-up of one); `nil` when it names no local date-time (a repeating
    /// request, a posted event or a location).
    ///
    /// ```swift
    /// if let id = NotificationIdentifier(parsing: request.identifier), let story = await engine.explain(id) { ... }
    /// ```
    public func explain(_ identifier: NotificationIdentifier) async -> OccurrenceStory? {
        await explainer.story(of: identifier)
    }

    private var explainer: OccurrenceExplainer {
        OccurrenceExplainer(center: center, source: source, store: store, clock: clock, history: history, logger: logger,
                            sync: sync, configuration: planner.configuration)
    }
}
