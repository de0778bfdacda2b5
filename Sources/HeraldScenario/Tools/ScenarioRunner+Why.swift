import Foundation
import Herald

extension ScenarioRunner {
    /// Plays the whole scenario and tells the story of `rule`'s occurrence at `local`
    /// (in the scenario's zone, or the rule's own): `herald why`. The engines of the run
    /// share one `OccurrenceHistory` that keeps the whole run; ``ScenarioStoryTeller``
    /// adds what only the simulated system knows.
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
        /// The run, whose timeline the stories are told from (`nil` when it was not
        /// played: no rule asked for is the scenario's).
        public var result: ScenarioResult?
    }

    /// Plays the whole scenario once and tells the story of each occurrence (``why(_:at:)``
    /// for many: the HTML report's and the examples' answers).
    public func stories(of occurrences: [(rule: ReminderRule.ID, local: LocalDateTime)]) async throws -> Stories {
        let known = mentionedRules
        // A rule the scenario never mentions has no story: say so before playing.
        if occurrences.allSatisfy({ !known.contains($0.rule.description) }) {
            return Stories(stories: [], unknown: occurrences.map(\.rule), rules: known.sorted(), result: nil)
        }
        var runner = self
        let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, days + 1))
        runner.history = history
        let outcome = try await runner.play(from: nil)
        var teller = ScenarioStoryTeller(
            history: history, rules: outcome.checkpoint.data.entities.flatMap { (try? $0.reminderRules()) ?? [] },
            state: try? store.load(), deviceZone: outcome.checkpoint.zone, now: outcome.checkpoint.now,
            deliveries: outcome.result.deliveries, dropped: outcome.result.summary.droppedIdentifiers)
        teller.heldBack = await ScenarioStoryTeller.heldBack(
            for: occurrences.filter { known.contains($0.rule.description) }, scenario: scenario, rules: teller.rules,
            state: teller.state, deviceZone: teller.deviceZone)
        var told = Stories(stories: [], unknown: [], rules: known.sorted(), result: outcome.result)
        for (rule, local) in occurrences {
            guard known.contains(rule.description) else {
                told.unknown.append(rule)
                continue
            }
            told.stories.append(teller.story(of: rule, at: local))
        }
        return told
    }

    /// Every rule the scenario mentions, as `namespace/entity/rule`: its entities', its
    /// imports' and its edits'.
    var mentionedRules: Set<String> {
        var rules = Set(scenario.entities.flatMap { entity in entity.rules.map { "\(entity.reference)/\($0.id)" } })
        for event in scenario.events {
            switch event.action {
            case .import(_, let entities):
                rules.formUnion(entities.flatMap { entity in entity.rules.map { "\(entity.reference)/\($0.id)" } })
            case .edit(let edit):
                rules.formUnion((edit.rules ?? []).map { "\(edit.entity)/\($0.id)" })
            default:
                break
            }
        }
        return rules
    }
}
