import Foundation
import HeraldSimulator
@testable import Herald

/// A minimal app for device tests: it forwards every system call to its engine, as an
/// app's delegates would, and is ready as soon as it launches.
struct EngineHostApp: SimulatedApp {
    let engine: Engine
    let responder: RecordingResponder

    func didFinishLaunching(in state: AppState) async {
        await engine.launched()
        await engine.appIsReady(responder)
    }
    func didBecomeActive() async { await engine.becameActive() }
    func didEnterBackground() async {}
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await engine.willPresent(notification).systemOptions
    }
    func didReceive(_ response: NotificationResponse) async { await engine.receive(response) }
    func timeChanged(_ change: TimeChange) async { await engine.timeChanged(change) }
    func performBackgroundRefresh() async { await engine.reconcile(reason: .backgroundRefresh) }
}
