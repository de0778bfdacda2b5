import Herald

/// A ``SimulatedApp`` that hands every device call to Herald's `AppHost`, as an
/// app's delegates do on a device: the app under test when a test is about Herald, not
/// about an app's own logic. An app with logic of its own conforms to `SimulatedApp`
/// itself and routes its lifecycle calls through its host.
///
/// | device call | host call |
/// |---|---|
/// | `didFinishLaunching(in:)` | `launched(readyWith:)` (ready at once when given a responder) |
/// | `didBecomeActive()` | `becameActive()` |
/// | `didEnterBackground()` | `enteredBackground()` |
/// | `willPresent(_:)` | `willPresent(_:)`: the engine's system options; none for an in-app prompt (no banner) |
/// | `didReceive(_:)` | `received(_:)` |
/// | `timeChanged(_:)` | `timeChanged(_:)` |
/// | `performBackgroundRefresh()` | `backgroundRefresh()` |
///
/// The device makes a fresh process at each launch, so the factory makes the engine
/// (over the store that outlives the process) and its host:
///
/// ```swift
/// let device = await SimulatedDevice(center: center) {
///     HostedApp(host: AppHost(engine: Engine(center: center, source: habits, store: store, clock: center.clock)),
///               readyWith: responder)
/// }
/// try await device.launch(into: .foreground)     // host.launched(readyWith: responder)
/// ```
public struct HostedApp: SimulatedApp {
    /// The app's host; its engine's observers hear every run a device call causes.
    public let host: AppHost
    /// Handed to the engine at launch (`AppHost.launched(readyWith:)`): queued
    /// responses are routed at once. `nil`: the test says when the app is ready.
    public let responder: (any AppResponder)?

    public var engine: Engine { host.engine }

    public init(host: AppHost, readyWith responder: (any AppResponder)? = nil) {
        self.host = host
        self.responder = responder
    }

    public func didFinishLaunching(in state: AppState) async { await host.launched(readyWith: responder) }
    public func didBecomeActive() async { await host.becameActive() }
    public func didEnterBackground() async { await host.enteredBackground() }
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await host.willPresent(notification).systemOptions
    }
    public func didReceive(_ response: NotificationResponse) async { await host.received(response) }
    public func timeChanged(_ change: TimeChange) async { await host.timeChanged(change) }
    public func performBackgroundRefresh() async { await host.backgroundRefresh() }
}
