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
        var runner = self
        let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, days + 1))
        runner.history = history
        let outcome = try await runner.play(from: nil)
        let imported = scenario.events.flatMap { event -> [ScenarioEntity] in
            if case .import(_, let entities) = event.action { return entities }
            return []
        }
        let entities = scenario.entities + outcome.checkpoint.data.entities + imported
        guard entities.contains(where: { $0.reference == rule.entity && $0.rules.contains { $0.id == rule.rule } }) else {
            let known = Set(entities.flatMap { entity in entity.rules.map { "\(entity.reference)/\($0.id)" } }).sorted()
            throw ScenarioError(code: .invalidValue, at: nil, message: """
                the scenario never mentions \(rule): give one of its rules as namespace/entity/rule \
                (\(known.prefix(10).joined(separator: ", "))\(known.count > 10 ? ", ..." : ""))
                """)
        }
        let rules = outcome.checkpoint.data.entities.flatMap { (try? $0.reminderRules()) ?? [] }
        var story = history.story(entity: rule.entity, rule: rule.rule, at: local, rules: rules,
                                  state: try? store.load(), deviceZone: outcome.checkpoint.zone,
                                  now: outcome.checkpoint.now)
        Self.addSystemFacts(to: &story, from: outcome.result)
        return story
    }

    /// What the simulated system knows and the engine cannot: the hold of a delivery
    /// shown late, and a request dropped above the center's capacity.
    static func addSystemFacts(to story: inout OccurrenceStory, from result: ScenarioResult) {
        let dropped = Set(result.summary.droppedIdentifiers)
        let handed = Set(story.events.compactMap(\.fact.identifier))
        for index in story.events.indices {
            switch story.events[index].fact {
            case .delivered(let identifier, nil):
                let date = story.events[index].date
                let delivery = result.deliveries.first { $0.identifier == identifier && $0.date == date }
                if let held = delivery?.held {
                    story.events[index].fact = .delivered(identifier: identifier,
                                                          held: held == .summary ? "the scheduled summary" : "a Focus")
                }
            case .notDelivered(.lost) where !dropped.isDisjoint(with: handed):
                story.events[index].fact = .notDelivered(.droppedAboveCapacity)
            default:
                break
            }
        }
    }
}
