import Herald
import HeraldSimulator

/// What every process of the scenario app shares: the system's center (with its
/// clock), the app's data and Herald's store, the configuration, and the run's recorder.
struct ScenarioAppEnvironment: Sendable {
    let center: SimulatedNotificationCenter
    let source: ScenarioReminderSource
    let store: any EngineStore
    let configuration: PlannerConfiguration
    let categories: CategoryRegistry
    let readiness: ScenarioReadiness
    let recorder: ScenarioRecorder
    /// The app's pending background refresh request, as the system keeps it.
    let refreshRequests: ScenarioRefreshRequests
    /// Whether the app's smart timing is on.
    var smartTiming = false
    /// Whether the app monitors its plans' waypoint regions (``ScenarioLocationUpdates/regions``).
    var monitorsRegions = false
    /// The device's alarm service, when the scenario has one (``Scenario/alarms``).
    var alarms: SimulatedAlarmCenter?
    /// The history every engine of the run records in (``ScenarioRunner/history``), or
    /// `nil` for each engine's own.
    var history: OccurrenceHistory?
    /// The device this engine runs on among the user's devices, in a scenario of several.
    var sync: HeraldSync?
    /// What the app received from the other devices, and when (a scenario of several).
    var heard: ScenarioSyncLog?

    /// An engine on the center, the app's data and Herald's store: the app's at each
    /// launch, or one that records what happens while the app is not running.
    func makeEngine() -> Engine {
        Engine(center: center, source: source, store: store, clock: center.clock, configuration: configuration,
               categories: categories, alarms: alarms, history: history ?? OccurrenceHistory(), sync: sync)
    }
}
