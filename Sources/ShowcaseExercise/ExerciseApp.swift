import Foundation
import Herald

/// Seed 002's exercise-break app rebuilt on Herald: one process of the app, with the
/// calls the system makes on its delegates.
///
/// In the foreground every notification becomes an `InAppPrompt` with its category's
/// actions plus Dismiss (the system banner is silenced), and choosing one there runs
/// Herald's handling of the same system action. Progress reports and achievements are
/// immediate events in the reserve. Every delivery lands in Herald's fired log, also
/// those delivered while the app was not running.
///
/// ```swift
/// let app = ExerciseApp(plan: plan, engineStore: engineStore, center: center, clock: clock)
/// await app.didFinishLaunching()
/// _ = await app.willPresent(notification)            // [] : shown as a prompt instead
/// await app.choose(ExerciseCategories.snoozeActionID) // same as the system's Snooze 5 min
/// try await app.unlockAchievement("first-week", title: "First week done")
/// ```
public actor ExerciseApp {
    public nonisolated let engine: Engine
    /// The app's lifecycle, wired to the engine in one place.
    package nonisolated let host: AppHost
    public nonisolated let source: ExerciseReminderSource
    public nonisolated let responder: ExerciseResponder
    /// The prompt on screen, if any.
    public private(set) var prompt: InAppPrompt?
    /// Every prompt shown in this process, in order.
    public private(set) var prompts: [InAppPrompt] = []

    public init(plan: ExercisePlan?, engineStore: any EngineStore, center: any Herald.NotificationCenter,
                clock: any DeviceClock) {
        source = ExerciseReminderSource(plan: plan)
        responder = ExerciseResponder(clock: clock)
        engine = Engine(center: center, source: source, store: engineStore, clock: clock,
                        categories: ExerciseCategories.registry)
        host = AppHost(engine: engine)
    }

    // MARK: The system's calls

    /// The process started: categories, fired log, plan; the app's data is in memory, so
    /// it is ready at once.
    public func didFinishLaunching() async {
        await host.launched(readyWith: responder)
    }

    public func didBecomeActive() async {
        await host.becameActive()
    }

    /// A delivery in the foreground: a prompt with the actions, the banner silenced.
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        let decision = await host.willPresent(notification)
        if case .prompt(let prompt) = decision {
            self.prompt = prompt
            prompts.append(prompt)
        }
        return decision.systemOptions
    }

    public func didReceive(_ response: NotificationResponse) async {
        await host.received(response)
    }

    // MARK: The user

    /// The user chooses an action of the prompt on screen (or Dismiss); Herald handles it
    /// as the same action chosen on the system notification.
    public func choose(_ actionIdentifier: String) async {
        guard let prompt else { return }
        self.prompt = nil
        await host.chose(actionIdentifier, in: prompt)
    }

    /// Posts the weekly progress report.
    public func postProgressReport(week: String, summary: String) async throws {
        try await engine.post(try ImmediateEvent(
            entity: EntityReference(namespace: "exercise.report", id: "weekly"), name: "progress", token: week,
            content: NotificationContent(title: "Your week", body: summary,
                                         categoryIdentifier: ExerciseCategories.progressReport.identifier)))
    }

    /// Tells the user an achievement was unlocked.
    public func unlockAchievement(_ id: String, title: String) async throws {
        try await engine.post(try ImmediateEvent(
            entity: EntityReference(namespace: "achievement", id: id), name: "unlocked", token: id,
            content: NotificationContent(title: "Achievement unlocked", body: title,
                                         categoryIdentifier: ExerciseCategories.achievement.identifier)))
    }
}
