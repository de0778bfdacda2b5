import Foundation
import Herald

/// The harness's app as Herald sees it: its rules and content come from ``AppData``,
/// and it resolves a response's habit as ready, paused (inactive) or deleted (missing).
///
/// ```swift
/// let app = HarnessApp(data: data)
/// let engine = Engine(center: center, source: app, store: store, clock: clock, categories: HarnessApp.categories)
/// await engine.ready(app)
/// ```
struct HarnessApp: ReminderSource, AppResponder {
    let data: AppData

    static let categoryIdentifier = "habit"

    /// Done, snooze 10 minutes, remind me tomorrow.
    static let categories = try! CategoryRegistry([
        ReminderCategory(identifier: categoryIdentifier, actions: [
            .complete("done", title: "Done"),
            .snooze("snooze", title: "Snooze 10 min", for: 600),
            .remindTomorrow("tomorrow", title: "Tomorrow"),
        ]),
    ])

    func reminderRules() async throws -> [ReminderRule] {
        data.habits.values.sorted { $0.id < $1.id }.map(\.rule)
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        guard let habit = data.habits[reminder.rule.entity.id] else {
            throw HarnessError("no habit \(reminder.rule.entity.id) for \(reminder.identifier)")
        }
        return NotificationContent(title: habit.name, body: "Due \(reminder.triggerTime)",
                                   categoryIdentifier: Self.categoryIdentifier)
    }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        guard let habit = data.habits[entity.id] else { return .missing }
        return habit.isPaused ? .inactive(title: habit.name) : .ready(title: habit.name)
    }

    func handle(_ route: ResponseHandoff) async {}
}
