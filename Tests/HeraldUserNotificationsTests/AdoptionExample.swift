// The example app of "Adopting Herald in an iOS app" (HeraldUserNotifications'
// Adoption article, shortened in the README). HeraldDocumentationTests checks that every
// Swift block of those pages appears here verbatim, so this file is the example's source.
// It is an iOS app (background refresh has no macOS counterpart); the SwiftUI views and
// the app delegate compile only where SwiftUI and UIKit exist (iOS, visionOS), the rest
// also on Linux against the shims.
#if os(iOS) || os(visionOS) || os(Linux)
import Foundation
import Herald
import HeraldSQLite
import HeraldUserNotifications
import Observation

struct Habit: Identifiable, Sendable {
    let id: String
    var name: String
    var time: LocalTime
    var isPaused = false
}

struct HabitNotFound: Error {
    let id: String
}

/// The app's state; `load()` stands for reading it from the app's own storage.
@MainActor @Observable
final class HabitModel {
    var habits: [Habit] = []
    var isLoaded = false
    var selected: Habit?
    var prompt: InAppPrompt?

    func load() async {
        habits = [Habit(id: "water", name: "Drink water", time: LocalTime(hour: 9))]
        isLoaded = true
    }

    func habit(_ id: String) throws -> Habit {
        guard let habit = habits.first(where: { $0.id == id }) else { throw HabitNotFound(id: id) }
        return habit
    }

    func open(_ route: ResponseHandoff) {
        if case .ready(let entity, _) = route.destination { selected = try? habit(entity.id) }
    }
}

/// The app as Herald sees it: rules and content, and where taps go.
struct Habits: ReminderSource, AppResponder {
    let model: HabitModel

    func reminderRules() async throws -> [ReminderRule] {
        guard await model.isLoaded else { throw ReminderSourceNotReady() }
        return try await model.habits.map { habit in
            try ReminderRule(entity: EntityReference(namespace: "habit", id: habit.id), id: "daily",
                             schedule: .daily(at: [habit.time]))
        }
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        let habit = try await model.habit(reminder.rule.entity.id)
        return NotificationContent(title: habit.name, body: "Time for \(habit.name)", categoryIdentifier: "habit")
    }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        guard let habit = try? await model.habit(entity.id) else { return .missing }
        return habit.isPaused ? .inactive(title: habit.name) : .ready(title: habit.name)
    }

    func handle(_ route: ResponseHandoff) async {
        await model.open(route)
    }
}

/// Herald's pieces, made once, before launch finishes.
@MainActor
final class Reminders {
    static let categories = try! CategoryRegistry([
        ReminderCategory(identifier: "habit", actions: [
            .complete("done", title: "Done"),
            .snooze("snooze", title: "Snooze 10 min", for: 600),
        ]),
    ])

    let herald: HeraldSystem                            // store, engine, delegate, refresh, time signals
    let app: Habits

    init(model: HabitModel) throws {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = Habits(model: model)
        let herald = HeraldSystem(
            source: app, store: try SQLiteEngineStore(path: folder.appending(path: "herald.sqlite").path()),
            categories: Self.categories, refreshIdentifier: "com.example.habits.refresh",
            presentPrompt: { prompt in
                await MainActor.run { model.prompt = prompt }  // render its actions; herald.chose(_:in:) runs one
            })                                          // the delegate is installed, the refresh registered
        self.app = app
        self.herald = herald
        Task {
            _ = try? await herald.requestAuthorization()
            await herald.launched()                     // from here every run submits the next refresh
        }
    }

    func becameActive() async {
        await herald.becameActive()
    }

    func dataLoaded() async {
        await herald.dataLoaded(app)                    // a re-plan with the data; queued taps are routed, in order, once
    }
}

#if canImport(SwiftUI)
import SwiftUI

struct ContentView: View {
    let model: HabitModel

    var body: some View {
        List(model.habits) { habit in
            Text(habit.name)
        }
    }
}

@main
struct HabitsApp: App {
    @State private var model: HabitModel
    private let reminders: Reminders
    @Environment(\.scenePhase) private var scenePhase

    init() {
        let model = HabitModel()
        _model = State(initialValue: model)
        reminders = try! Reminders(model: model)        // a store that cannot open is a bug to fix, not to hide
    }

    var body: some Scene {
        WindowGroup {
            ContentView(model: model)
                .task {
                    await model.load()
                    await reminders.dataLoaded()
                }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { Task { await reminders.becameActive() } }
        }
    }
}
#endif

#if canImport(UIKit)
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    let model = HabitModel()
    var reminders: Reminders?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        reminders = try! Reminders(model: model)        // delegate installed, refresh registered
        Task {
            await model.load()
            await reminders?.dataLoaded()
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        Task { await reminders?.becameActive() }
    }
}
#endif
#endif
