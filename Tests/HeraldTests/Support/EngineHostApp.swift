import Foundation
import HeraldSimulator
@testable import Herald

/// A minimal app for device tests: it forwards every system call to its engine, as an
/// app's delegates would, and is ready as soon as it launches.
struct EngineHostApp: SimulatedApp {
    let engine: Engine
    let responder: RecordingResponder

    var host: AppHost { AppHost(engine: engine) }

    func didFinishLaunching(in state: AppState) async { await host.launched(readyWith: responder) }
    func didBecomeActive() async { await host.becameActive() }
    func didEnterBackground() async { await host.enteredBackground() }
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await host.willPresent(notification).systemOptions
    }
    func didReceive(_ response: NotificationResponse) async { await host.received(response) }
    func timeChanged(_ change: TimeChange) async { await host.timeChanged(change) }
    func performBackgroundRefresh() async { await host.backgroundRefresh() }
}
