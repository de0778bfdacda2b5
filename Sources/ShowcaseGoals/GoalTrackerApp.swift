import Foundation
import Herald

/// Seed 000's goal tracker rebuilt on Herald: one process of the app, with the calls
/// the system makes on its delegates and the user's edits.
///
/// At launch it makes its `Engine` over a store that outlives the process, tells it
/// the app launched (categories, fired log), and starts loading the goals. A tap that
/// launched the app arrives before the goals exist; Herald keeps it queued, and the
/// app says it is ready once the goals are loaded, at which instant the route reaches
/// the ``GoalRouter``. No delays: readiness is the signal.
///
/// Pausing, deleting one or many goals, and an import that replaces them all go
/// through Herald, which removes their pending and delivered notifications.
///
/// ```swift
/// let app = GoalTrackerApp(database: database, engineStore: engineStore, center: center, clock: clock)
/// await app.didFinishLaunching()                  // loading starts
/// await app.didReceive(tap)                       // queued: the goals are not loaded
/// await app.untilReady()                          // loaded, ready, the tap is routed
/// app.router.shown.last?.screen                   // .dataEntry(goalID: "workout", questionID: "minutes")
/// try await app.pause("reading")                  // its pending and delivered are gone
/// ```
public actor GoalTrackerApp {
    /// The category of goal reminders: a tap opens data entry.
    public static let reminderCategory = ReminderCategory(identifier: "goal.reminder", actions: [])
    public static let categories = try! CategoryRegistry([reminderCategory])

    public nonisolated let engine: Engine
    /// The app's lifecycle, wired to the engine in one place.
    package nonisolated let host: AppHost
    public nonisolated let library: GoalLibrary
    public nonisolated let router: GoalRouter
    private let database: GoalDatabase
    private var loading: Task<Void, Never>?
    /// The instant the app told Herald it was ready; `nil` before.
    public private(set) var readyAt: Date?

    /// - Parameters:
    ///   - database: The goals on disk; it outlives the process.
    ///   - engineStore: Herald's state on disk; it outlives the process.
    ///   - center: The notification center.
    ///   - clock: The device clock.
    public init(database: GoalDatabase, engineStore: any EngineStore, center: any Herald.NotificationCenter,
                clock: any DeviceClock) {
        self.database = database
        let library = GoalLibrary()
        self.library = library
        router = GoalRouter(library: library, clock: clock)
        engine = Engine(center: center, source: library, store: engineStore, clock: clock, categories: Self.categories)
        host = AppHost(engine: engine)
    }

    // MARK: The system's calls

    /// The process started: Herald registers the categories and records what was
    /// delivered meanwhile; loading the goals starts and completes later.
    public func didFinishLaunching() async {
        await host.launched()
        loading = Task { await self.loadGoals() }
    }

    /// Back in the foreground: Herald re-registers categories, records what was
    /// delivered meanwhile and re-plans (keeping what is pending while still loading).
    public func didBecomeActive() async {
        await host.becameActive()
    }

    public func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await host.willPresent(notification).systemOptions
    }

    /// A tap or an action: queued by Herald until the app is ready.
    public func didReceive(_ response: NotificationResponse) async {
        await host.received(response)
    }

    /// Waits until the goals are loaded and the app told Herald it is ready.
    public func untilReady() async {
        await loading?.value
    }

    private func loadGoals() async {
        library.replaceAll(with: await database.fetchAll())
        // A re-plan with the goals, then ready: queued taps reach the router (HeraldSystem's dataLoaded).
        await host.dataLoaded(router, because: "goals loaded")
        readyAt = engine.clock.now
    }

    // MARK: The user's edits

    /// Creates or edits a goal.
    public func save(_ goal: Goal) async {
        await untilReady()
        await database.save(goal)
        library.save(goal)
        await engine.entityChanged(goal.entity)
    }

    /// Pauses a goal: no notification of it stays pending or delivered.
    public func pause(_ id: String) async throws {
        try await setActive(false, id)
    }

    public func resume(_ id: String) async throws {
        try await setActive(true, id)
    }

    /// Deletes one or many goals, with their pending and delivered notifications.
    public func delete(_ ids: [String]) async throws {
        await untilReady()
        await database.delete(ids)
        library.remove(ids)
        try await engine.deleted(Set(ids.map { EntityReference(namespace: Goal.namespace, id: $0) }))
    }

    /// An import replaces every goal: notifications of goals not imported are removed,
    /// and the imported ones are planned.
    public func importReplacingAll(with goals: [Goal]) async throws {
        await untilReady()
        await database.replaceAll(with: goals)
        library.replaceAll(with: goals)
        try await engine.replacedAll(namespace: Goal.namespace, remaining: Set(goals.map(\.entity)))
    }

    private func setActive(_ active: Bool, _ id: String) async throws {
        await untilReady()
        guard var goal = library.goal(id) else { return }
        goal.isActive = active
        await database.save(goal)
        library.save(goal)
        if active { try await engine.resumed(goal.entity) } else { try await engine.paused(goal.entity) }
    }
}
