import Foundation
import Herald

extension ScenarioRunner {
    /// Plays the whole scenario and tells the story of `rule`'s occurrence at `local`
    /// (in the scenario's zone, or the rule's own): `herald why`. The engines of the run
    /// share one ``OccurrenceHistory`` that keeps the whole run. What only the simulated
    /// system knows is added: what held a delivery (the scheduled summary, a Focus), and
    /// that a request that never came was dropped above the center's capacity.
    ///
    /// ```swift
    /// let rule = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "meditate"), rule: "reminders")
    /// let story = try await ScenarioRunner(scenario: scenario).why(rule, at: LocalDateTime(parsing: "2026-11-21T09:00")!)
    /// story.verdict   // .delivered
    /// ```
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/invalidValue`` when the
    ///   scenario never mentions the rule (not among its entities, imports or edits),
    ///   and the errors of ``play(from:)``.
    public func why(_ rule: ReminderRule.ID, at local: LocalDateTime) async throws -> OccurrenceStory {
        let told = try await stories(of: [(rule, local)])
        if let unknown = told.unknown.first {
            throw ScenarioError(code: .invalidValue, at: nil, message: """
                the scenario never mentions \(unknown): give one of its rules as namespace/entity/rule \
                (\(told.rules.prefix(10).joined(separator: ", "))\(told.rules.count > 10 ? ", ..." : ""))
                """)
        }
        return told.stories[0]
    }

    /// What ``stories(of:)`` tells: a story for each occurrence of a rule the scenario
    /// mentions, in the order asked, and the rules it never mentions.
    public struct Stories: Sendable {
        public var stories: [OccurrenceStory]
        public var unknown: [ReminderRule.ID]
        /// Every rule the scenario mentions, as `namespace/entity/rule`, sorted.
        public var rules: [String]
        /// The run, whose timeline the stories are told from.
        public var result: ScenarioResult
    }

    /// Plays the whole scenario once and tells the story of each occurrence (``why(_:at:)``
    /// for many: the HTML report's and the examples' answers).
    public func stories(of occurrences: [(rule: ReminderRule.ID, local: LocalDateTime)]) async throws -> Stories {
        var runner = self
        let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, days + 1))
        runner.history = history
        let outcome = try await runner.play(from: nil)
        let imported = scenario.events.flatMap { event -> [ScenarioEntity] in
            if case .import(_, let entities) = event.action { return entities }
            return []
        }
        let entities = scenario.entities + outcome.checkpoint.data.entities + imported
        let known = Set(entities.flatMap { entity in entity.rules.map { "\(entity.reference)/\($0.id)" } })
        let rules = outcome.checkpoint.data.entities.flatMap { (try? $0.reminderRules()) ?? [] }
        let state = try? store.load()
        var told = Stories(stories: [], unknown: [], rules: known.sorted(), result: outcome.result)
        for (rule, local) in occurrences {
            guard known.contains(rule.description) else {
                told.unknown.append(rule)
                continue
            }
            var story = history.story(entity: rule.entity, rule: rule.rule, at: local, rules: rules, state: state,
                                      deviceZone: outcome.checkpoint.zone, now: outcome.checkpoint.now)
            Self.addSystemFacts(to: &story, from: outcome.result, now: outcome.checkpoint.now)
            told.stories.append(story)
        }
        return told
    }

    /// What the simulated system knows and the engine cannot (it learns of a delivery
    /// at its next run, and never of a drop): every delivery of the occurrence, with
    /// what held it when it was shown late, and a request dropped above the center's
    /// capacity. The verdict is worked out again.
    static func addSystemFacts(to story: inout OccurrenceStory, from result: ScenarioResult, now: Date) {
        let key = OccurrenceKey(story.occurrence)
        for delivery in result.deliveries where !delivery.beforeStart {
            guard let identifier = NotificationIdentifier(parsing: delivery.identifier),
                  identifier.entity == story.entity, identifier.rule == story.rule,
                  identifier.occurrence == key
                    || (identifier.occurrence.repeatingSlot != nil && (delivery.dueLocal ?? delivery.local) == story.occurrence)
            else { continue }
            let held = delivery.held.map { $0 == .summary ? "the scheduled summary" : "a Focus" }
            let fact = OccurrenceStory.Fact.delivered(identifier: delivery.identifier, held: held)
            if let seen = story.events.firstIndex(where: {
                $0.date == delivery.date && $0.fact == .delivered(identifier: delivery.identifier, held: nil)
            }) {
                story.events[seen].fact = fact
            } else {
                let index = story.events.firstIndex { $0.date > delivery.date } ?? story.events.endIndex
                story.events.insert(OccurrenceStory.Event(date: delivery.date, fact: fact), at: index)
            }
        }
        let delivered = story.events.contains { if case .delivered = $0.fact { true } else { false } }
        let dropped = Set(result.summary.droppedIdentifiers)
        let handed = Set(story.events.compactMap(\.fact.identifier))
        story.events = story.events.compactMap { event in
            guard case .notDelivered(let reason) = event.fact else { return event }
            if delivered { return nil }
            var event = event
            if reason == .lost, !dropped.isDisjoint(with: handed) { event.fact = .notDelivered(.droppedAboveCapacity) }
            return event
        }
        story.verdict = OccurrenceStory.verdict(of: story.events, date: story.date, now: now)
    }
}
