import Herald

/// A ``SimulatedApp`` that hands every device call to its `Engine`, as the delegates of
/// an app that holds `HeraldSystem` do on a device: the app under test when a test is
/// about Herald, not about an app's own logic. An app with logic of its own conforms to
/// `SimulatedApp` itself and makes the same calls on its engine.
///
/// | device call | engine call |
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
/// (over the store that outlives the process):
///
/// ```swift
/// let device = await SimulatedDevice(center: center) {
///     HostedApp(engine: Engine(center: center, source: habits, store: store, clock: center.clock),
///               readyWith: responder)
/// }
/// try await device.launch(into: .foreground)     // engine.launched(), then engine.ready(responder)
/// ```
public struct HostedApp: SimulatedApp {
    /// What the device calls go through: the same forwarding `HeraldSystem` does.
    package let host: AppHost
    /// Handed to the engine at launch, once it has launched (`Engine.ready(_:)`): queued
    /// responses are routed at once. `nil`: the test says when the app is ready.
    public let responder: (any AppResponder)?

    /// The app's engine; its observers hear every run a device call causes.
    public var engine: Engine { host.engine }

    /// - Parameters:
    ///   - engine: The app's engine, made by the device's factory for each process.
    ///   - responder: Handed to the engine at launch; `nil`: the test says when the app is ready.
    public init(engine: Engine, readyWith responder: (any AppResponder)? = nil) {
        self.init(host: AppHost(engine: engine), readyWith: responder)
    }

    package init(host: AppHost, readyWith responder: (any AppResponder)? = nil) {
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
