import Foundation
import Herald
import HeraldSimulator
import ShowcaseGoals
import Testing

extension GoalTrackerApp: ShowcaseProcess {}

/// The goal tracker as the simulated device runs it: the device's delegate calls,
/// forwarded to one ``GoalTrackerApp`` process.
typealias SimulatedGoalTracker = SimulatedShowcase<GoalTrackerApp>

/// A device running the goal tracker, with what outlives its processes: the system's
/// center, the goals on disk and Herald's store.
struct GoalTrackerFixture {
    let device: SimulatedDevice
    let center: SimulatedNotificationCenter
    let database: GoalDatabase
    let engineStore: InMemoryEngineStore
    var clock: VirtualClock { center.clock }

    /// The running process's app.
    func app() async throws -> GoalTrackerApp {
        let running = await device.app as? SimulatedGoalTracker
        return try #require(running).app
    }

    /// Launches into `state` and waits until the goals are loaded and the app is ready.
    @discardableResult
    func launchAndWait(into state: AppState = .foreground) async throws -> GoalTrackerApp {
        try await device.launch(into: state)
        let app = try await app()
        await app.untilReady()
        return app
    }

    /// The screens the running process showed.
    func shownScreens() async throws -> [GoalScreen] {
        try await app().router.shown.map(\.screen)
    }

    /// Taps the latest delivered notification of a goal.
    @discardableResult
    func tapReminder(of goalID: String) async throws -> UserActionOutcome {
        let identifier = await center.deliveredIdentifier(of: EntityReference(namespace: Goal.namespace, id: goalID))
        return try await device.tap(try #require(identifier, "no delivered notification of \(goalID)"))
    }

    /// The goals with a pending reminder.
    func goalsWithPendingReminders() async -> Set<String> {
        Set(await center.heraldPending().map(\.entity.id))
    }

    /// Checks that what is pending is exactly a reminder of each active goal on disk,
    /// all of them Herald's, and that no response is left waiting.
    func expectOnlyActiveGoalsPending(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let active = Set(await database.fetchAll().filter(\.isActive).map(\.id))
        let pending = await center.pendingNotificationRequests()
        #expect(pending.allSatisfy { $0.heraldIdentifier?.kind == .reminder }, sourceLocation: sourceLocation)
        #expect(await goalsWithPendingReminders() == active, sourceLocation: sourceLocation)
        #expect(engineStore.load().queuedResponses.isEmpty, sourceLocation: sourceLocation)
    }
}

/// A device with the goal tracker installed (not running), its goals on disk.
func makeGoalTracker(_ goals: [Goal], at start: String = "2026-06-01T08:00") async -> GoalTrackerFixture {
    let center = makeCenter(at: start)
    let database = GoalDatabase(goals)
    let engineStore = InMemoryEngineStore()
    let device = await SimulatedDevice(center: center) { [clock = center.clock] in
        SimulatedGoalTracker(app: GoalTrackerApp(
            database: database, engineStore: engineStore, center: center, clock: clock))
    }
    return GoalTrackerFixture(device: device, center: center, database: database, engineStore: engineStore)
}

/// A goal reminded daily at `hour:minute`, asking "minutes" first, then "mood".
func makeGoal(_ id: String, _ title: String? = nil, at hour: Int = 9, minute: Int = 0, isActive: Bool = true) -> Goal {
    Goal(id: id, title: title ?? id.capitalized, isActive: isActive,
         questions: [Goal.Question(id: "minutes", prompt: "How many minutes?"),
                     Goal.Question(id: "mood", prompt: "How did it feel?")],
         reminderTime: LocalTime(hour: hour, minute: minute))
}
