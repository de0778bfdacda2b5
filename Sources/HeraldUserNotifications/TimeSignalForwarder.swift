import Foundation
import Herald

/// Turns the platform's time signals into `Engine.timeChanged(_:)`, one by one,
/// in the order they arrive, so reminders are re-planned at midnight, after a time-zone
/// change and after the clock is set (seed 003), whatever else the app has switched on.
///
/// ```swift
/// let forwarder = TimeSignalForwarder(engine: engine)    // FoundationTimeSignals()
/// let signals = Task { await forwarder.run() }           // for the process's lifetime
/// ```
///
/// The report of each run goes to the engine's observers (`Engine.observeReports(_:)`).
public struct TimeSignalForwarder: Sendable {
    /// What each signal goes through to the engine (`HeraldSystem`'s forwarding).
    package let host: AppHost
    public let source: any TimeSignalSource

    public var engine: Engine { host.engine }

    /// A forwarder to the app's engine.
    public init(engine: Engine, source: any TimeSignalSource = FoundationTimeSignals()) {
        self.init(host: AppHost(engine: engine), source: source)
    }

    package init(host: AppHost, source: any TimeSignalSource = FoundationTimeSignals()) {
        self.host = host
        self.source = source
    }

    /// Forwards every signal until the source ends or the task is cancelled.
    public func run() async {
        for await change in source.timeChanges() {
            if Task.isCancelled { return }
            await host.timeChanged(change)
        }
    }
}
