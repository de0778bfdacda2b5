import Foundation
import Herald
import HeraldSimulator
import ShowcaseStreaks
import Testing

/// The streak app as the simulated device runs it. With `wiresHandlersAtLaunch` off,
/// the handlers are wired only when the test says (the seed's late `onAppear`).
struct SimulatedStreakApp: SimulatedApp {
    let app: StreakApp
    let wiresHandlersAtLaunch: Bool

    func didFinishLaunching(in state: AppState) async {
        await app.didFinishLaunching()
        if wiresHandlersAtLaunch { await app.wireHandlers() }
    }
    func didBecomeActive() async { await app.didBecomeActive() }
    func didEnterBackground() async {}
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await app.willPresent(notification)
    }
    func didReceive(_ response: NotificationResponse) async { await app.didReceive(response) }
    func timeChanged(_ change: TimeChange) async { await app.timeChanged(change) }
    func performBackgroundRefresh() async { await app.performBackgroundRefresh() }
}

/// A device running the streak app, with what outlives its processes.
struct StreakFixture {
    let device: SimulatedDevice
    let center: SimulatedNotificationCenter
    let engineStore: InMemoryEngineStore
    var clock: VirtualClock { center.clock }

    func app() async throws -> StreakApp {
        let running = await device.app as? SimulatedStreakApp
        return try #require(running).app
    }

    /// The latest delivered notification of an entity in the list.
    func delivered(_ entity: EntityReference) async throws -> String {
        try #require(await center.deliveredIdentifier(of: entity), "nothing of \(entity) in the list")
    }

    /// Checks that only streak reminders are pending (no event left behind) and that
    /// no response is left waiting.
    func expectNothingUnexpectedPending(sourceLocation: SourceLocation = #_sourceLocation) async {
        let pending = await center.pendingNotificationRequests()
        #expect(pending.allSatisfy {
            $0.heraldIdentifier?.entity == StreakReminderSource.entity && $0.heraldIdentifier?.kind == .reminder
        }, sourceLocation: sourceLocation)
        #expect(engineStore.load().queuedResponses.isEmpty, sourceLocation: sourceLocation)
    }
}

let wordle = Game(id: "wordle", name: "Wordle")
let connections = Game(id: "connections", name: "Connections")

/// A device with the streak app installed (not running) on Monday 08:00, two games at
/// risk, reminded at `times`.
func makeStreakApp(
    authorization: AuthorizationStatus = .authorized,
    times: [LocalTime] = [LocalTime(hour: 12), LocalTime(hour: 20)],
    wiresHandlersAtLaunch: Bool = true
) async -> StreakFixture {
    let center = makeCenter(authorization: authorization)
    let engineStore = InMemoryEngineStore()
    let device = await SimulatedDevice(center: center) { [clock = center.clock] in
        SimulatedStreakApp(
            app: StreakApp(source: StreakReminderSource(clock: clock, times: times, gamesAtRisk: [wordle, connections]),
                           engineStore: engineStore, center: center, clock: clock),
            wiresHandlersAtLaunch: wiresHandlersAtLaunch)
    }
    return StreakFixture(device: device, center: center, engineStore: engineStore)
}
