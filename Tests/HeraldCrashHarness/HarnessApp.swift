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
    /// A pill's: Taken first, so its alarm's second button completes it.
    static let pillCategory = "pill"
    /// A pill's when the user wants to be asked again: Later (10 minutes) first, so its
    /// alarm's second button snoozes.
    static let pillLaterCategory = "pill-later"

    /// Done, snooze 10 minutes, remind me tomorrow; a pill's Taken and Later.
    static let categories = try! CategoryRegistry([
        ReminderCategory(identifier: categoryIdentifier, actions: [
            .complete("done", title: "Done"),
            .snooze("snooze", title: "Snooze 10 min", for: 600),
            .remindTomorrow("tomorrow", title: "Tomorrow"),
        ]),
        ReminderCategory(identifier: pillCategory, actions: [
            .complete("taken", title: "Taken"),
        ]),
        ReminderCategory(identifier: pillLaterCategory, actions: [
            .snooze("later", title: "Later", for: 600),
            .complete("taken", title: "Taken"),
        ]),
    ])

    func reminderRules() async throws -> [ReminderRule] {
        data.habits.values.sorted { $0.id < $1.id }.map(\.rule)
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        guard let habit = data.habits[reminder.rule.entity.id] else {
            throw HarnessError("no habit \(reminder.rule.entity.id) for \(reminder.identifier)")
        }
        // An alarm habit declares fixed content: the same text every day.
        let body = habit.ringsAsAlarm ? "Time for \(habit.name)" : "Due \(reminder.triggerTime)"
        return NotificationContent(title: habit.name, body: body, categoryIdentifier: habit.category)
    }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        guard let habit = data.habits[entity.id] else { return .missing }
        return habit.isPaused ? .inactive(title: habit.name) : .ready(title: habit.name)
    }

    /// Keeps every response handed over in the app's data (``AppData/handoffs``), so
    /// the crash tests can count them.
    func handle(_ route: ResponseHandoff) async {
        data.recordHandoff(route)
    }
}
