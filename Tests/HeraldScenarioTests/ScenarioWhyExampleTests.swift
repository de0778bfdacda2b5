import Foundation
import Herald
import HeraldScenario
import Testing

/// `herald why` on the bundled examples answers for every delivered and every cut
/// occurrence: each reminder delivered during the run is told as delivered (held when
/// the system says a hold delayed it), each occurrence the last plan cut as cut (or
/// displaced), each with a story that says how.
struct ScenarioWhyExampleTests {
    static let examples = ["habits.yaml", "seed-004-badges.yaml", "goal-cold-launch.yaml", "exercise-breaks.yaml",
                           "coverage-without-app.yaml", "smart-timing.yaml", "urgency-day.yaml",
                           "travel-and-clock.yaml", "route-walk.yaml", "nagging.yaml", "travel-choice.yaml",
                           "quiet-hours.yaml", "grouped-habits.yaml"]

    /// The occurrence a delivered reminder, snooze or follow-up stands for, and whether
    /// it was held; `nil` for a posted event, a location or a route notification.
    static func occurrence(of delivery: TimelineDelivery) -> (ReminderRule.ID, LocalDateTime, held: Bool)? {
        guard !delivery.beforeStart, let identifier = NotificationIdentifier(parsing: delivery.identifier),
              [.reminder, .snooze, .followUp].contains(identifier.kind) else { return nil }
        let local = identifier.occurrence.localDateTime ?? (identifier.occurrence.repeatingSlot != nil
            ? delivery.dueLocal ?? delivery.local : nil)
        guard let local else { return nil }
        return (ReminderRule.ID(entity: identifier.entity, rule: identifier.rule), local, delivery.held != nil)
    }

    @Test(arguments: examples)
    func everyDeliveredAndEveryCutOccurrenceHasItsStory(_ name: String) async throws {
        // Given the example played once, its deliveries and the last plan's cuts
        let scenario = try makeExample(name)
        let played = try await ScenarioRunner(scenario: scenario).run()
        var reminders: [(ReminderRule.ID, LocalDateTime, held: Bool)] = []
        for delivery in played.deliveries {
            guard let found = Self.occurrence(of: delivery), NotificationIdentifier(parsing: delivery.identifier)?.kind == .reminder
            else { continue }
            reminders.append(found)
        }
        let cuts = played.summary.cutList

        // When each is explained
        let asked = reminders.map { ($0.0, $0.1) } + cuts.map { (ReminderRule.ID(entity: $0.entity, rule: $0.rule), $0.local) }
        let told = try await ScenarioRunner(scenario: scenario).stories(of: asked)

        // Then every one is told, each delivered reminder as delivered (held when a hold
        // delayed it), with its delivery among its events; each cut as cut or displaced
        #expect(told.unknown.isEmpty)
        #expect(told.stories.count == asked.count)
        for (story, reminder) in zip(told.stories, reminders) {
            #expect(story.verdict == (reminder.held ? .held : .delivered), "\(name): \(story.entity)/\(story.rule) at \(story.occurrence)")
            #expect(story.events.contains { if case .delivered = $0.fact { true } else { false } })
        }
        for (story, cut) in zip(told.stories.dropFirst(reminders.count), cuts) {
            #expect(story.verdict == (cut.reason == .overBudget ? .cut : .displaced), "\(name): \(cut.entity)/\(cut.rule) at \(cut.local)")
        }
    }
}
