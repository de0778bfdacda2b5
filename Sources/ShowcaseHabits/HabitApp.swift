import Herald

/// The showcase habit app's actions: each changes the app's data and tells Herald,
/// which re-plans through its one planner. There is no second scheduling path.
///
/// ```swift
/// let app = HabitApp(habits: habits, engine: engine)
/// await app.launch()                                   // as the app's delegate does
/// await app.save(Habit(id: "water", name: "Drink water", category: "Health",
///                      reminderTimes: [LocalTime(hour: 9)]))
/// try await app.complete("water")
/// ```
public struct HabitApp: Sendable {
    public let habits: HabitReminderSource
    /// The app's lifecycle, wired to its engine.
    package let host: AppHost
    public var engine: Engine { host.engine }

    /// - Parameters:
    ///   - habits: The app's habits, which Herald reads its rules and content from.
    ///   - engine: The app's engine, over `habits`.
    public init(habits: HabitReminderSource, engine: Engine) {
        self.init(habits: habits, host: AppHost(engine: engine))
    }

    package init(habits: HabitReminderSource, host: AppHost) {
        self.habits = habits
        self.host = host
    }

    /// Creates or edits a habit.
    @discardableResult
    public func save(_ habit: Habit) async -> ReconcileReport {
        habits.save(habit)
        return await engine.entityChanged(habit.entity)
    }

    @discardableResult
    public func complete(_ id: String) async throws -> ReconcileReport {
        try await engine.completed(EntityReference(namespace: Habit.namespace, id: id))
    }

    @discardableResult
    public func delete(_ ids: [String]) async throws -> ReconcileReport {
        ids.forEach(habits.remove)
        return try await engine.deleted(Set(ids.map { EntityReference(namespace: Habit.namespace, id: $0) }))
    }

    /// The device reports where it is: the habits' places nearest to it are watched.
    @discardableResult
    public func moved(to position: Coordinate) async throws -> ReconcileReport {
        try await engine.positionChanged(position)
    }

    /// The process started: through the host (categories, history trimmed, a re-plan).
    @discardableResult
    public func launch() async -> ReconcileReport {
        await host.launched()
    }
}
